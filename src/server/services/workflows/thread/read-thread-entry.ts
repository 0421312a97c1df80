import { parentPort } from 'node:worker_threads';
import { readWorkflowInput } from '../read-workflow-input.ts';
import { WorkflowInputError } from '../workflow-input-error.ts';
import type { ReadReply, ReadRequest } from './protocol.ts';

// Worker-thread entry: reads one request body per message, one at a time (the pool sends the next
// only after the answer), and answers with the workflow's classes or why it cannot be read.

function reply(message: ReadReply) {
  parentPort!.postMessage(message);
}

parentPort!.on('message', (request: ReadRequest) => {
  readWorkflowInput(request).then(
    (workflow) => reply({ ok: true, workflow }),
    (error: unknown) =>
      reply(
        error instanceof WorkflowInputError
          ? { ok: false, input: { status: error.status, code: error.code, message: error.message } }
          : { ok: false, error: error instanceof Error ? error.message : String(error) },
      ),
  );
});
