import { generateToken } from '../tokens/token-format.ts';

/**
 * Short-lived publish credentials look like `nyd_tp_<43 url-safe chars>`: told apart from personal
 * access tokens (`nyd_pat_`) by the publish route, and just as easy for secret scanners to spot.
 */
export const CREDENTIAL_PREFIX = 'nyd_tp_';

/** How long an exchanged credential publishes: enough for one CI publish, short enough to leak harmlessly. */
export const CREDENTIAL_TTL_MS = 15 * 60 * 1000;

export const generateCredential = () => generateToken(CREDENTIAL_PREFIX);

export const looksLikeCredential = (value: string) => value.startsWith(CREDENTIAL_PREFIX);
