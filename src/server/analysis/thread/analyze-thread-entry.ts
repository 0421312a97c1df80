import { parentPort } from 'node:worker_threads';
import { analyzeArchive } from '../analyze-archive.ts';
import type { AnalyzeReply, AnalyzeRequest } from './protocol.ts';

// Worker-thread entry: analyses one archive per message, one at a time (the pool sends the next
// only after the answer), and answers with the analysis or the error's message.

parentPort!.on('message', (request: AnalyzeRequest) => {
  analyzeArchive(request.bytes, { sha256: request.sha256 }, request.maxArchiveBytes).then(
    (analysis) => parentPort!.postMessage({ ok: true, analysis } satisfies AnalyzeReply),
    (error: unknown) =>
      parentPort!.postMessage({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies AnalyzeReply),
  );
});
