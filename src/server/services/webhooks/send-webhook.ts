import http from 'node:http';
import https from 'node:https';
import { guardedLookup, REFUSED_ADDRESS_CODE } from '../../images/guarded-lookup.ts';

// Sends one signed delivery: a POST that connects only to addresses the image proxy's policy allows
// (checked on what DNS returns, inside the socket's own lookup), follows no redirect (a 3xx counts as
// a failed attempt: a receiver must not bounce us somewhere else), reads at most a little of the
// answer and gives up after `timeoutMs`.

export interface WebhookRequest {
  url: URL;
  body: string;
  headers: Record<string, string>;
  allowLoopback: boolean;
  timeoutMs: number;
}

export type SendOutcome =
  | { kind: 'answered'; status: number }
  /** The host resolved to an address the policy refuses: retrying will not help. */
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

const MAX_ANSWER_BYTES = 64 * 1024;

export function sendWebhook(request: WebhookRequest): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(request.timeoutMs);
    const client = request.url.protocol === 'https:' ? https : http;
    const outgoing = client.request(
      request.url,
      {
        method: 'POST',
        lookup: guardedLookup(request.allowLoopback),
        signal,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': 'Nodeyard-Webhooks/1',
        },
      },
      (response) => {
        // Drain a little of the answer (so the connection can be reused) and drop the rest.
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => resolve({ kind: 'answered', status: response.statusCode ?? 0 });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (signal.aborted) return resolve({ kind: 'failed', message: `no answer within ${request.timeoutMs} ms` });
      if (error.code === REFUSED_ADDRESS_CODE) return resolve({ kind: 'refused', message: error.message });
      resolve({ kind: 'failed', message: error.message });
    });
    outgoing.end(request.body);
  });
}
