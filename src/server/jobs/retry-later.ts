/**
 * Thrown by a job handler that is waiting for something outside (an upload to arrive): not a
 * failure, so it is logged at debug level only, and the job runs again after `delayMs` instead of
 * the exponential backoff. It still uses up an attempt.
 */
export class RetryJobLater extends Error {
  readonly delayMs: number;
  constructor(message: string, delayMs: number) {
    super(message);
    this.delayMs = delayMs;
  }
}
