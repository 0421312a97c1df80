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

/**
 * Lets the app write its response into memory instead of onto the socket (the way compression
 * middleware intercepts a response): resolves with status, headers and the whole body once the app
 * ends it, after putting the response's own methods back so the caller can send what it decides.
 */
export function captureResponse(res: ServerResponse): Promise<CapturedResponse> {
  const { writeHead, write, end, flushHeaders } = res;
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    const restore = () => {
      Object.assign(res, { writeHead, write, end, flushHeaders });
    };
    res.writeHead = function captureHead(status: number, ...rest: unknown[]) {
      res.statusCode = status;
      if (typeof rest[0] === 'string') res.statusMessage = rest[0];
      applyHeaders(res, typeof rest[0] === 'string' ? rest[1] : rest[0]);
      return res;
    } as ServerResponse['writeHead'];
    res.flushHeaders = () => {};
    res.write = function captureWrite(chunk: Chunk, encoding?: unknown, callback?: Callback) {
      const done = typeof encoding === 'function' ? (encoding as Callback) : callback;
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
      if (done) process.nextTick(done);
      return true;
    } as ServerResponse['write'];
    res.end = function captureEnd(chunk?: unknown, encoding?: unknown, callback?: unknown) {
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
