import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the generative-AI vendors behind /proxy/…: it records every request and
// answers according to the task id in the path, so tests can check what Nodeyard forwards and how
// it relays the answer. Task ids with special behaviour:
//   missing-task → 404 JSON          teapot-task → 418 text
//   slow-task    → answers after 2 s  huge-task   → 64 KiB body
//   redirect-task → 302 elsewhere     image-task  → image/png bytes
//   html-task    → 200 text/html       svg-task    → 200 image/svg+xml (script-capable)
//   video-task  → video/mp4 bytes
// Anything else → 200 JSON echoing the path and query.

export interface RecordedRequest {
  method: string;
  /** Path and query exactly as received. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface FakeVendor {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** The start of an MP4 file (an `ftyp` box), as a video download would begin. */
export const MP4_BYTES = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]);

export async function startFakeVendor(port = 0): Promise<FakeVendor> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', url, headers: req.headers });
    const { pathname, searchParams } = new URL(url, 'http://fake.local');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (pathname.includes('missing-task')) return json(404, { error: 'task not found', vendor_says: 'no such task' });
    if (pathname.includes('teapot-task')) {
      res.writeHead(418, { 'content-type': 'text/plain' });
      return res.end('short and stout');
    }
    if (pathname.includes('slow-task')) {
      const timer = setTimeout(() => json(200, { late: true }), 2000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (pathname.includes('huge-task')) return json(200, { blob: 'x'.repeat(64 * 1024) });
    if (pathname.includes('redirect-task')) {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    if (pathname.includes('html-task')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<script>alert(document.domain)</script>');
    }
    if (pathname.includes('svg-task')) {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      return res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    }
    if (pathname.includes('image-task')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG_BYTES);
    }
    if (pathname.includes('video-task')) {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      return res.end(MP4_BYTES);
    }
    return json(200, { ok: true, path: pathname, query: Object.fromEntries(searchParams) });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
