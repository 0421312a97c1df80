import type { IncomingMessage, ServerResponse } from 'node:http';
import { etagMatches } from '../http/cache-headers.ts';
import { withCompression } from '../http/compression.ts';
import { buildCachedResponse, encodeBody, isCompressible, type CachedResponse } from './cached-response.ts';
import { cacheKey, isCacheableRead, isWrite, type ListenerKind } from './cacheable-requests.ts';
import { captureResponse, type CapturedResponse } from './capture-response.ts';
import { negotiateEncoding } from './negotiate-encoding.ts';
import type { RecordedQueries } from './recorded-queries.ts';
import type { ResponseStore } from './response-store.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ResponseCache {
  readonly store: ResponseStore;
  /**
   * Wraps an instance's listener: cacheable anonymous reads are answered from memory (rendered and
   * compressed once per change), every other request goes through the listener compressed as before,
   * and every answered write drops the cache.
   */
  wrap(kind: ListenerKind, listener: Listener): Listener;
}

const header = (value: string | string[] | number | undefined) =>
  Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);

function isStorable(result: CapturedResponse): boolean {
  if (result.status !== 200 || result.headers['set-cookie'] !== undefined) return false;
  const cacheControl = header(result.headers['cache-control']) ?? '';
  return /\bpublic\b/i.test(cacheControl) && !/\b(private|no-store|no-cache)\b/i.test(cacheControl);
}

function sendEntry(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, status: 'HIT' | 'MISS'): void {
  if (etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(
      304,
      status === 'HIT' ? entry.notModifiedHeaders : [...entry.notModifiedHeaders.slice(0, -1), status],
    );
    res.end();
    return;
  }
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const headers = entry.headers[encoding];
  res.writeHead(200, status === 'HIT' ? headers : [...headers.slice(0, -1), status]);
  res.end(req.method === 'HEAD' ? undefined : entry.bodies[encoding]);
}

/** A response that may not be stored (an error page, a redirect, a personal answer) is sent as rendered. */
async function sendUncached(req: IncomingMessage, res: ServerResponse, result: CapturedResponse): Promise<void> {
  const type = header(result.headers['content-type']);
  const encoding = isCompressible(type, result.body.length)
    ? negotiateEncoding(req.headers['accept-encoding'])
    : 'identity';
  const body = await encodeBody(result.body, encoding);
  for (const [name, value] of Object.entries(result.headers)) {
    if (value === undefined || /^(content-length|content-encoding|transfer-encoding)$/i.test(name)) continue;
    res.setHeader(name, value);
  }
  if (encoding !== 'identity') {
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', [header(result.headers['vary']), 'Accept-Encoding'].filter(Boolean).join(', '));
  }
  res.setHeader('Content-Length', body.length);
  res.writeHead(result.status);
  res.end(req.method === 'HEAD' || [204, 304].includes(result.status) ? undefined : body);
}

/** The app must render the full representation: the cache answers conditional requests itself. */
function withoutConditionals(req: IncomingMessage): void {
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];
  const raw = req.rawHeaders;
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!/^if-(none-match|modified-since)$/i.test(raw[i]!)) kept.push(raw[i]!, raw[i + 1]!);
  }
  req.rawHeaders = kept;
}

export function createResponseCache(options: {
  store: ResponseStore;
  queries: RecordedQueries;
  /** The client of a request, as the API's rate limiter sees it: a replayed search counts for it. */
  clientOf: (req: IncomingMessage) => string;
  /** Called when a write was answered successfully (the default drops this instance's cache). */
  onWrite?: () => void;
  onError?: (error: unknown) => void;
}): ResponseCache {
  const { store, queries, clientOf } = options;
  const onWrite = options.onWrite ?? (() => store.invalidate());
  const onError = options.onError ?? ((error: unknown) => console.error('response cache failed:', error));

  /** Drops the cache as the write's answer goes out: its transaction has committed by then. */
  function invalidateOnAnswer(res: ServerResponse): void {
    const writeHead = res.writeHead;
    res.writeHead = function invalidatingWriteHead(this: ServerResponse, ...args: unknown[]) {
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
      if (status < 400) onWrite();
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
  }

  async function renderAndStore(req: IncomingMessage, res: ServerResponse, key: string, render: Listener) {
    // Noted before any data is read: a change during the render keeps its result out of the cache.
    const generation = store.generation;
    const conditional = req.headers['if-none-match'];
    withoutConditionals(req);
    const captured = captureResponse(res);
    const recorded: string[] = [];
    queries.collect(recorded, () => render(req, res));
    const result = await captured;
    if (!isStorable(result)) {
      await sendUncached(req, res, result);
      return;
    }
    const entry = await buildCachedResponse({
      key,
      headers: result.headers,
      body: result.body,
      replay: recorded,
      now: Date.now(),
    });
    store.set(key, entry, generation);
    if (conditional !== undefined) req.headers['if-none-match'] = conditional;
    sendEntry(req, res, entry, 'MISS');
  }

  return {
    store,
    wrap(kind, listener) {
      const compressed = withCompression(listener);
      return (req, res) => {
        if (!store.enabled) return compressed(req, res);
        if (isCacheableRead(kind, req)) {
          const key = cacheKey(kind, req);
          const entry = store.get(key);
          if (entry) {
            sendEntry(req, res, entry, 'HIT');
            if (entry.replay.length > 0) queries.replay(entry.replay, clientOf(req));
            return;
          }
          // HEAD never renders into the cache (no body to keep); a later GET fills it.
          if (req.method === 'HEAD') return compressed(req, res);
          renderAndStore(req, res, key, listener).catch((error: unknown) => {
            onError(error);
            if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
            res.end('Something went wrong on our side. Please try again.\n');
          });
          return;
        }
        if (isWrite(req)) invalidateOnAnswer(res);
        compressed(req, res);
      };
    },
  };
}
