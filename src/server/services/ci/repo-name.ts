/** The repository the Comfy CI dashboard shows when none is named (the contract's default). */
export const DEFAULT_CI_REPO = 'comfyanonymous/comfyui';

/** Repository names are stored lower-cased, so `Comfyanonymous/ComfyUI` finds the same rows. */
export function normalizeRepoName(name: string | undefined): string {
  const trimmed = name?.trim().toLowerCase();
  return trimmed ? trimmed : DEFAULT_CI_REPO;
}
