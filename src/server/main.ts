// Production entry: serves the built Astro site (pages, assets, and later the API under /api)
// from one http server. Run through `npm start`, which builds first when needed.
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { parseEnv } from './env.ts';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export async function startServer(): Promise<{ close: () => Promise<void>; url: string }> {
  const env = parseEnv();
  // The adapter's entry would start its own server on import unless told not to.
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  const entryPath = new URL('../../dist/server/entry.mjs', import.meta.url).href;
  const { handler } = (await import(entryPath)) as { handler: NodeHandler };

  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = `http://${shownHost}:${port}`;
  return {
    url,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
