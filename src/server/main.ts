// Production entry: one process, two listeners. The site (pages, assets, and the API under /api)
// on PORT, and the stand-alone API (the api.comfy.org drop-in) at the root of API_PORT.
import { getRequestListener } from '@hono/node-server';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { parseEnv } from './env.ts';
import { createRuntime } from './runtime.ts';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: unknown, locals?: object) => void;

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export interface RunningServer {
  siteUrl: string;
  apiUrl: string;
  close(): Promise<void>;
}

export async function startServer(): Promise<RunningServer> {
  const env = parseEnv();
  const runtime = await createRuntime(env);
  const api = createApp(runtime.services);
  const apiListener = getRequestListener(api.fetch);

  // The adapter's entry would start its own server on import unless told not to.
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  const entryPath = new URL('../../dist/server/entry.mjs', import.meta.url).href;
  const { handler: siteHandler } = (await import(entryPath)) as { handler: NodeHandler };
  const locals = { services: runtime.services };

  const site = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      req.url = url.slice(4) || '/';
      void apiListener(req, res);
      return;
    }
    siteHandler(req, res, undefined, locals);
  });
  const apiServer = http.createServer(apiListener);

  const sitePort = await listen(site, env.PORT, env.HOST);
  const apiPort = await listen(apiServer, env.API_PORT, env.HOST);
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    siteUrl: `http://${shownHost}:${sitePort}`,
    apiUrl: `http://${shownHost}:${apiPort}`,
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => site.close(() => resolve())),
        new Promise<void>((resolve) => apiServer.close(() => resolve())),
      ]);
      await runtime.close();
    },
  };
}
