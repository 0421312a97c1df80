// Query retries per the spec: up to 3 retries with exponential back-off from 1 s, capped at 30 s,
// and never for a 404 (a missing thing does not appear by asking again).

export const MAX_RETRIES = 3;
export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 30_000;

function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** TanStack's `retry` callback: `failureCount` is how many attempts have failed so far (0-based before). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (statusOf(error) === 404) return false;
  return failureCount < MAX_RETRIES;
}

/** TanStack's `retryDelay`: 1 s, 2 s, 4 s, … never more than 30 s. `attempt` is 0 for the first retry. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt), RETRY_CAP_MS);
}
