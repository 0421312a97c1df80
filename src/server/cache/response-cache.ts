import type { IncomingMessage, ServerResponse } from 'node:http';
import { etagMatches } from '../http/cache-headers.ts';
import { markRenderedForCache } from '../http/cache-renders.ts';
import { withCompression } from '../http/compression.ts';
import { isKeptAnswer } from './cache-keys.ts';
import {
  bodyFor,
  buildCachedResponse,
  encodeBody,
  headersOf,
  isCompressible,
  notModifiedHeadersOf,
  sentEncoding,
  type CachedResponse,
} from './cached-response.ts';
import { cacheKey, isAnonymous, isWrite, type ListenerKind } from './cacheable-requests.ts';
import { captureResponse, type CaptureDecision, type CapturedResponse } from './capture-response.ts';
import { negotiateEncoding } from './negotiate-encoding.ts';
import type { RecordedQueries } from './recorded-queries.ts';
import type { ResponseStore } from './response-store.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ResponseCache {
  readonly store: ResponseStore;
  /**
   * Wraps an instance's listener: anonymous reads whose answer declared cache keys are answered from
   * memory (rendered and compressed once per change of those keys, once however many ask at the same
   * time), every other request goes through the listener compressed as before, and a write is answered
   * only once this instance has applied the changes it committed.
   */
  wrap(kind: ListenerKind, listener: Listener): Listener;
}

const header = (value: string | string[] | number | undefined) =>
  Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);

async function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  status: 'HIT' | 'MISS',
  keep: (encoding: 'gzip' | 'identity', body: Buffer) => void,
  /** The uncompressed body, when this request rendered the entry (see bodyFor). */
  plain?: Buffer,
): Promise<void> {
  if (etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, notModifiedHeadersOf(entry, status));
    res.end();
    return;
  }
  const encoding = sentEncoding(entry, negotiateEncoding(req.headers['accept-encoding']));
  if (encoding === entry.stored) {
    res.writeHead(200, headersOf(entry, encoding, entry.body.length, status));
    res.end(req.method === 'HEAD' ? undefined : entry.body);
    return;
  }
  // The rare client without brotli: derived from the stored bytes (HEAD needs the length too).
  const body = await bodyFor(entry, encoding, plain);
  keep(encoding as 'gzip' | 'identity', body);
  res.writeHead(200, headersOf(entry, encoding, body.length, status));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A write's answer, sent once the caller had its say (compressed like every other answer). */
async function sendCaptured(req: IncomingMessage, res: ServerResponse, result: CapturedResponse): Promise<void> {
  const type = header(result.headers['content-type']);
  const already = header(result.headers['content-encoding']);
  const encoding =
    !already && isCompressible(type, result.body.length)
      ? negotiateEncoding(req.headers['accept-encoding'])
      : 'identity';
  const body = await encodeBody(result.body, encoding);
  for (const [name, value] of Object.entries(result.headers)) {
    if (value === undefined || /^(content-length|transfer-encoding)$/i.test(name)) continue;
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

interface Conditionals {
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
}

/** The app must render the full representation: the cache answers conditional requests itself. */
function withoutConditionals(req: IncomingMessage): Conditionals {
  const saved = {
    ifNoneMatch: header(req.headers['if-none-match']),
    ifModifiedSince: header(req.headers['if-modified-since']),
  };
  if (saved.ifNoneMatch === undefined && saved.ifModifiedSince === undefined) return saved;
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];
  const raw = req.rawHeaders;
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!/^if-(none-match|modified-since)$/i.test(raw[i]!)) kept.push(raw[i]!, raw[i + 1]!);
  }
  req.rawHeaders = kept;
  return saved;
}

/** For an answer that is not kept: the 304 the app would have sent had it seen the conditionals. */
function unchangedFor(conditionals: Conditionals, status: number, res: ServerResponse): boolean {
  if (status !== 200) return false;
  const etag = header(res.getHeader('etag'));
  if (conditionals.ifNoneMatch !== undefined) return !!etag && etagMatches(conditionals.ifNoneMatch, etag);
  const lastModified = header(res.getHeader('last-modified'));
  if (conditionals.ifModifiedSince === undefined || !lastModified) return false;
  const since = Date.parse(conditionals.ifModifiedSince);
  return Number.isFinite(since) && Date.parse(lastModified) <= since;
}

export function createResponseCache(options: {
  store: ResponseStore;
  queries: RecordedQueries;
  /** The client of a request, as the API's rate limiter sees it: a replayed search counts for it. */
  clientOf: (req: IncomingMessage) => string;
  /**
   * Resolves once this instance has applied every change committed so far (the change feed's
   * follower): a write's answer waits for it, so the writer never reads its change's old version here.
   */
  settle: () => Promise<void>;
  onError?: (error: unknown) => void;
}): ResponseCache {
  const { store, queries, clientOf, settle } = options;
  const onError = options.onError ?? ((error: unknown) => console.error('response cache failed:', error));
  /** Renders in flight by request key: concurrent misses wait for the first one's result. */
  const inflight = new Map<string, Promise<CachedResponse | null>>();

  const keeper = (key: string, entry: CachedResponse) => (encoding: 'gzip' | 'identity', body: Buffer) =>
    store.keepDerived(key, entry, encoding, body);

  const failed = (res: ServerResponse) => (error: unknown) => {
    onError(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Something went wrong on our side. Please try again.\n');
  };

  /**
   * Renders an anonymous read. Once its headers are known it is kept (a public 200 with cache keys:
   * stored and sent from the entry), or passed to the socket as the app writes it. Resolves with the
   * entry, or null when there is none to share.
   */
  async function render(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    listener: Listener,
  ): Promise<CachedResponse | null> {
    // Noted before any data is read: a change to the answer's keys during the render keeps it out.
    const generation = store.generation;
    const conditionals = withoutConditionals(req);
    const recorded: string[] = [];
    markRenderedForCache(req);
    let captured!: Promise<CapturedResponse | null>;
    withCompression((request, response) => {
      captured = captureResponse(response, (status, head): CaptureDecision => {
        if (isKeptAnswer(status, (name) => header(head.getHeader(name)))) return 'keep';
        return unchangedFor(conditionals, status, head) ? 'not-modified' : 'pass';
      });
      queries.collect(recorded, () => listener(request, response));
    })(req, res);
    const result = await captured;
    if (!result) return null;
    store.noteMiss();
    const entry = await buildCachedResponse({
      key,
      headers: result.headers,
      body: result.body,
      replay: recorded,
      now: Date.now(),
    });
    // Refused when one of its keys changed during the render: then it is not shared either (a request
    // that arrived after the change must not get it), so the waiting requests render on their own.
    const stored = store.set(key, entry, generation);
    if (conditionals.ifNoneMatch !== undefined) req.headers['if-none-match'] = conditionals.ifNoneMatch;
    await sendEntry(req, res, entry, 'MISS', keeper(key, entry), result.body);
    return stored ? entry : null;
  }

  function read(kind: ListenerKind, listener: Listener, compressed: Listener): Listener {
    return (req, res) => {
      const key = cacheKey(kind, req);
      const entry = store.get(key);
      if (entry) {
        sendEntry(req, res, entry, 'HIT', keeper(key, entry)).catch(failed(res));
        if (entry.replay.length > 0) queries.replay(entry.replay, clientOf(req));
        return;
      }
      // HEAD never renders into the cache (no body to keep); a later GET fills it.
      if (req.method === 'HEAD') return compressed(req, res);
      const running = inflight.get(key);
      if (running) {
        // Single flight: this request shares the render already under way, or renders itself if that
        // one produced nothing to share (an error page, a personal answer).
        running
          .then(async (shared) => {
            if (!shared) return compressed(req, res);
            await sendEntry(req, res, shared, 'MISS', keeper(key, shared));
            if (shared.replay.length > 0) queries.replay(shared.replay, clientOf(req));
          })
          .catch(failed(res));
        return;
      }
      const rendering = render(req, res, key, listener);
      inflight.set(key, rendering);
      rendering
        .catch((error: unknown) => {
          failed(res)(error);
          return null;
        })
        .finally(() => inflight.delete(key));
    };
  }

  /** A write is answered after this instance applied what it committed (never on failure: nothing was). */
  function write(compressedless: Listener): Listener {
    return (req, res) => {
      const captured = captureResponse(res);
      compressedless(req, res);
      captured
        .then(async (result) => {
          if (!result) return;
          if (result.status < 400) await settle();
          await sendCaptured(req, res, result);
        })
        .catch(failed(res));
    };
  }

  return {
    store,
    wrap(kind, listener) {
      const compressed = withCompression(listener);
      if (!store.enabled) return compressed;
      const reads = read(kind, listener, compressed);
      const writes = write(listener);
      return (req, res) => {
        const method = req.method;
        if ((method === 'GET' || method === 'HEAD') && isAnonymous(req) && !isWrite(req)) return reads(req, res);
        if (isWrite(req)) return writes(req, res);
        compressed(req, res);
      };
    },
  };
}
