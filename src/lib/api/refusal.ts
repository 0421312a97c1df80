// Telling a refusal apart from a failure: a refusal (the API said no, and why) gets its own translated sentence
// and no "try again" (it would be refused again); a failure (network, server) keeps the generic wording.
import { isApiRequestError } from './errors.ts';

/** Codes that say nothing about the cause: the request failed rather than being refused. */
const NOT_A_CAUSE = new Set(['http_error', 'internal_error', 'network_error']);

/** Refusals that trying again can never turn into a success (the account or what it acts on is banned). */
const LASTING = new Set(['user_banned', 'publisher_banned', 'node_banned', 'version_banned']);

/** The API refused with a code of its own (a 4xx that names its cause): show that code's text on its own. */
export function isStatedRefusal(error: unknown): boolean {
  return (
    isApiRequestError(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    error.code !== undefined &&
    !NOT_A_CAUSE.has(error.code)
  );
}

/** A refusal no retry can change: offer no "try again" for it. */
export function isLastingRefusal(error: unknown): boolean {
  return isApiRequestError(error) && error.code !== undefined && LASTING.has(error.code);
}
