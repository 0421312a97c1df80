import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

// A local stand-in for PostHog's ingestion API: it accepts whatever the browser SDK posts (plain JSON,
// since the site turns compression off; form-encoded base64 `data=` too, in case), records every
// event, and answers CORS preflights, so a browser test can read what the site reported.

export interface CapturedEvent {
  event: string;
  distinct_id: string;
  properties: Record<string, unknown>;
  /** The `$set` person properties of identify and setPersonProperties calls. */
  $set?: Record<string, unknown>;
}

export interface FakePosthog {
  url: string;
  events: CapturedEvent[];
  /** Every request as "METHOD path" (for a failing test's message). */
  requests: string[];
  close(): Promise<void>;
}

function decode(body: string, contentType: string): unknown {
  if (contentType.includes('application/x-www-form-urlencoded') || body.startsWith('data=')) {
    const data = new URLSearchParams(body).get('data') ?? '';
    return JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
  }
  return JSON.parse(body);
}

function toEvents(payload: unknown): CapturedEvent[] {
  const list = Array.isArray(payload)
    ? payload
    : payload && typeof payload === 'object' && Array.isArray((payload as { batch?: unknown }).batch)
      ? (payload as { batch: unknown[] }).batch
      : [payload];
  return list.flatMap((item) => {
    if (!item || typeof item !== 'object' || typeof (item as { event?: unknown }).event !== 'string') return [];
    const raw = item as { event: string; distinct_id?: string; properties?: Record<string, unknown>; $set?: never };
    const properties = raw.properties ?? {};
    const distinct = raw.distinct_id ?? (properties['distinct_id'] as string | undefined) ?? '';
    const $set = (raw.$set ?? properties['$set']) as Record<string, unknown> | undefined;
    return [{ event: raw.event, distinct_id: distinct, properties, ...($set ? { $set } : {}) }];
  });
}

export async function startFakePosthog(port = 0): Promise<FakePosthog> {
  const events: CapturedEvent[] = [];
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url} ${req.headers['content-type'] ?? ''}`);
    const origin = req.headers.origin ?? '*';
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST' && body) {
        try {
          events.push(...toEvents(decode(body, req.headers['content-type'] ?? '')));
        } catch {
          // Not an event batch (or not one we understand): answered like the rest.
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    events,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
