import semver from 'semver';
import type { Provider } from './class-providers.ts';

/** What the workflow tells us beyond its class names. */
export interface RankContext {
  /** Registry ids the workflow names for this class (`properties.cnr_id`). */
  hints: ReadonlySet<string>;
  /** Packs the plan needs anyway (the only provider of some other class of the workflow). */
  required: ReadonlySet<string>;
  /** The ComfyUI version the workflow was saved with, if it says. */
  comfyVersion?: string | undefined;
}

/** Not deprecated, and its declared ComfyUI range (if any) admits the workflow's ComfyUI (if known). */
function isCompatible(provider: Provider, comfyVersion: string | undefined): boolean {
  const { pack } = provider;
  if (pack.latestDeprecated) return false;
  if (!comfyVersion || !pack.supportedComfyuiVersion) return true;
  const version = semver.coerce(comfyVersion);
  if (!version || !semver.validRange(pack.supportedComfyuiVersion)) return true;
  return semver.satisfies(version, pack.supportedComfyuiVersion, { includePrerelease: true });
}

/**
 * The ranking, best first: the pack the workflow itself names; one with an installable (Active)
 * version; one the plan needs anyway (fewer packs to install); one that claims the class name
 * (preempted_comfy_node_names); a claimed publisher's over an imported, unclaimed one; a compatible
 * one; then more downloads, more GitHub stars, and the id so the answer is stable.
 */
function rankKey(provider: Provider, context: RankContext): number[] {
  const { pack } = provider;
  return [
    context.hints.has(pack.id) ? 1 : 0,
    pack.latestVersion ? 1 : 0,
    context.required.has(pack.id) ? 1 : 0,
    provider.preempts ? 1 : 0,
    pack.claimed ? 1 : 0,
    isCompatible(provider, context.comfyVersion) ? 1 : 0,
    pack.totalInstall,
    pack.githubStars,
  ];
}

export function rankProviders(providers: readonly Provider[], context: RankContext): Provider[] {
  const keyed = providers.map((provider) => ({ provider, key: rankKey(provider, context) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return b.key[i]! - a.key[i]!;
    return a.provider.pack.id < b.provider.pack.id ? -1 : a.provider.pack.id > b.provider.pack.id ? 1 : 0;
  });
  return keyed.map((entry) => entry.provider);
}
