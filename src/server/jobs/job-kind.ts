import { z } from 'zod';

/**
 * One kind of background job, declared once beside its handler: the name stored in `jobs.kind`, the
 * zod schema of its payload (checked when a job is queued, and again before it runs, since a stored
 * row may predate the schema), and its deduplication rule.
 */
export interface JobKind<Payload = unknown> {
  readonly name: string;
  readonly payload: z.ZodType<Payload>;
  /**
   * The deduplication key of a payload, or null for none: while a job of this kind with the same key
   * waits for its first attempt, queueing another is a no-op (the waiting one will see the same state).
   */
  dedupeKey(payload: Payload): string | null;
  /** Attempts before the job is failed for good (default: the column's, 5). */
  readonly maxAttempts?: number;
}

/** A job row whose payload has been parsed with its kind's schema. */
export interface TypedJob<Payload> {
  id: number;
  kind: string;
  payload: Payload;
  attempts: number;
  maxAttempts: number;
}

/** Declares a job kind; the payload type is inferred from the schema. */
export function defineJobKind<Schema extends z.ZodType>(kind: {
  name: string;
  payload: Schema;
  dedupeKey(payload: z.output<Schema>): string | null;
  maxAttempts?: number;
}): JobKind<z.output<Schema>> {
  return kind as JobKind<z.output<Schema>>;
}

/** A payload that does not match its kind's schema (a bug in the caller, or a stored row from older code). */
export class InvalidJobPayload extends Error {
  constructor(kind: string, error: z.ZodError) {
    super(`Invalid payload for job ${kind}: ${z.prettifyError(error).replaceAll('\n', '; ')}`);
    this.name = 'InvalidJobPayload';
  }
}

/** The payload parsed with the kind's schema, or InvalidJobPayload saying what is wrong. */
export function parseJobPayload<Payload>(kind: JobKind<Payload>, payload: unknown): Payload {
  const parsed = kind.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayload(kind.name, parsed.error);
  return parsed.data;
}
