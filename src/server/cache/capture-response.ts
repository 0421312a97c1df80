import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export interface CapturedResponse {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

function toBuffer(chunk: Chunk, encoding: unknown): Buffer {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function applyHeaders(res: ServerResponse, headers: unknown): void {
  if (!headers || typeof headers !== 'object') return;
  if (Array.isArray(headers)) {
    // Either [[name, value], …] or the flat [name, value, name, value, …] form.
    const pairs: Array<[string, string]> = Array.isArray(headers[0])
      ? (headers as Array<[string, string]>)
      : Array.from({ length: headers.length / 2 }, (_, i) => [String(headers[2 * i]), String(headers[2 * i + 1])]);
    for (const [name, value] of pairs) {
      const existing = res.getHeader(name);
      res.setHeader(name, existing === undefined ? value : [...[existing].flat().map(String), value]);
    }
    return;
  }
  for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) {
    if (value !== undefined) res.setHeader(name, value);
  }
}

/** What to do with a response once its status and headers are known. */
export type CaptureDecision = 'keep' | 'pass' | 'not-modified';

/**
 * Lets the app write its response into memory instead of onto the socket (the way compression
 * middleware intercepts a response). When the status and headers are known (the first writeHead,
 * write or end), `decide` says what happens: `keep` buffers the whole body and resolves with it once the
 * app ends the response, after putting the response's own methods back so the caller can send what it
 * decides; `pass` puts them back at once and lets the app stream its answer as it would have (resolves
 * with null); `not-modified` answers an empty 304 instead and drops what the app writes (null too).
 */
export function captureResponse(
  res: ServerResponse,
  decide: (status: number, res: ServerResponse) => CaptureDecision = () => 'keep',
): Promise<CapturedResponse | null> {
  const { writeHead, write, end, flushHeaders } = res;
  const chunks: Buffer[] = [];
  let decision: CaptureDecision | null = null;
  return new Promise((resolve) => {
    const restore = () => {
      Object.assign(res, { writeHead, write, end, flushHeaders });
    };
    /** Decides once; true when the call must go on to the restored methods (pass). */
    const decided = (): boolean => {
      if (decision === null) {
        decision = decide(res.statusCode, res);
        if (decision === 'pass') {
          restore();
          resolve(null);
        } else if (decision === 'not-modified') {
          restore();
          for (const name of ['content-length', 'content-type', 'content-encoding', 'transfer-encoding'])
            res.removeHeader(name);
          res.writeHead(304);
          res.end();
          // What the app still writes goes nowhere.
          Object.assign(res, {
            writeHead: () => res,
            write: (...args: unknown[]) => {
              const done = args.find((arg) => typeof arg === 'function') as Callback | undefined;
              if (done) process.nextTick(done);
              return true;
            },
            end: (...args: unknown[]) => {
              const done = args.find((arg) => typeof arg === 'function') as Callback | undefined;
              if (done) process.nextTick(done);
              return res;
            },
            flushHeaders: () => {},
          });
          resolve(null);
        }
      }
      return decision === 'pass';
    };
    // A client that goes away before the answer is decided (a page navigating on while its scripts load)
    // may leave the app never writing at all: `send` stops streaming a file once its response closes.
    // Resolve then, or a request sharing this render (single flight) would wait for ever, and with it
    // every later request for the same URL.
    res.once('close', () => {
      if (decision !== null && decision !== 'keep') return;
      restore();
      resolve(null);
    });
    res.writeHead = function captureHead(status: number, ...rest: unknown[]) {
      res.statusCode = status;
      if (typeof rest[0] === 'string') res.statusMessage = rest[0];
      applyHeaders(res, typeof rest[0] === 'string' ? rest[1] : rest[0]);
      if (decided()) return res.writeHead(status);
      return res;
    } as ServerResponse['writeHead'];
    res.flushHeaders = () => {};
    res.write = function captureWrite(chunk: Chunk, encoding?: unknown, callback?: Callback) {
      if (decided()) return (res.write as (...a: unknown[]) => boolean)(chunk, encoding, callback);
      if (decision !== 'keep') return (res.write as (...a: unknown[]) => boolean)(chunk, encoding, callback);
      const done = typeof encoding === 'function' ? (encoding as Callback) : callback;
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
      if (done) process.nextTick(done);
      return true;
    } as ServerResponse['write'];
    res.end = function captureEnd(chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (decided() || decision !== 'keep')
        return (res.end as (...a: unknown[]) => ServerResponse)(chunk, encoding, callback);
      const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function') as Callback | undefined;
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
        chunks.push(toBuffer(chunk as Chunk, encoding));
      restore();
      const headers = res.getHeaders();
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      resolve({ status: res.statusCode, headers, body: Buffer.concat(chunks) });
      if (done) process.nextTick(done);
      return res;
    } as ServerResponse['end'];
  });
}
