/** Thrown by a job handler when another attempt would fail the same way: the job gives up at once. */
export class PermanentJobError extends Error {}
