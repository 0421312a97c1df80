import type { Analysis } from '../analyze-archive.ts';

// Messages between the server and an analysis thread (analyze-in-thread.ts ⇄ analyze-thread-entry.ts).

export interface AnalyzeRequest {
  bytes: Uint8Array;
  /** The digest recorded at upload; null when none was recorded. */
  sha256: string | null;
  maxArchiveBytes: number;
}

export type AnalyzeReply = { ok: true; analysis: Analysis } | { ok: false; error: string };
