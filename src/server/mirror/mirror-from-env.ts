import type { Env } from '../env.ts';
import { parsePublicKeys } from '../index-protocol/keyring-from-env.ts';
import type { Runtime } from '../runtime.ts';
import { startMirror, type RunningMirror } from './mirror-follower.ts';

/** Mirror mode from MIRROR_UPSTREAM and its pinned MIRROR_UPSTREAM_KEYS, or null when not configured. */
export function startMirrorFromEnv(
  env: Pick<Env, 'MIRROR_UPSTREAM' | 'MIRROR_UPSTREAM_KEYS' | 'MIRROR_POLL_SECONDS'>,
  runtime: Pick<Runtime, 'services' | 'logger'>,
): RunningMirror | null {
  if (!env.MIRROR_UPSTREAM) return null;
  const keys = parsePublicKeys(env.MIRROR_UPSTREAM_KEYS, 'MIRROR_UPSTREAM_KEYS');
  if (keys.length === 0) {
    throw new Error(
      'MIRROR_UPSTREAM needs MIRROR_UPSTREAM_KEYS: the upstream index public keys to trust (from its /index/v1/keys, checked out of band).',
    );
  }
  return startMirror(runtime.services, {
    upstream: env.MIRROR_UPSTREAM,
    keys,
    pollMs: env.MIRROR_POLL_SECONDS * 1000,
    logger: runtime.logger,
  });
}
