// The install lines people copy into a terminal (node page, resolver). Repository URLs are publisher
// input, so a line is only offered when the URL is one plain shell word.

/**
 * Whether a URL can be pasted into a shell command as one plain word. One with `;`, quotes or `$(…)`
 * must never end up in a command people copy and run.
 */
export function isShellSafeUrl(url: string): boolean {
  return /^https?:\/\/[\w.-]+(?::\d+)?(?:\/[\w.~@+%-]*)*$/.test(url);
}

/** `comfy node install <id>`, or `<id>@<version>` to pin a version (comfy-cli and Manager accept both). */
export function comfyInstallCommand(nodeId: string, version?: string | null): string {
  return version ? `comfy node install ${nodeId}@${version}` : `comfy node install ${nodeId}`;
}

/** The folder the pack is cloned into inside custom_nodes: its id, with anything odd for a path replaced. */
export function installFolder(nodeId: string): string {
  return nodeId.replace(/[^\w.-]/g, '_');
}

/** The repository URL without trailing slashes when it is safe to paste into a shell, else null. */
export function cloneableRepository(url: string | null | undefined): string | null {
  const trimmed = url?.trim().replace(/\/+$/, '');
  return trimmed && isShellSafeUrl(trimmed) ? trimmed : null;
}

/** `git clone <repository> <folder>`, or null when the repository is missing or not shell-safe. */
export function gitCloneCommand(url: string | null | undefined, nodeId: string): string | null {
  const repository = cloneableRepository(url);
  return repository ? `git clone ${repository} ${installFolder(nodeId)}` : null;
}
