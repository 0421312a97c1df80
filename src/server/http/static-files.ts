import { lstatSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import send from 'send';

// The built site's files (dist/client): hashed bundles under /_astro/ and everything from public/.
// The Astro adapter runs in middleware mode (so each request can carry `locals`), which leaves
// serving these to us; this does what its standalone handler did: `send` with ETags and ranges,
// dotfiles refused except /.well-known/, a folder answered by its index.html, and a year of
// immutable caching for the hashed bundles.

const ASSETS_PREFIX = '/_astro/';

function isDirectory(clientDir: string, urlPath: string): boolean {
  let fsPath = urlPath;
  try {
    fsPath = decodeURI(fsPath);
  } catch {
    // send() answers a path it cannot decode itself.
  }
  const resolved = path.resolve(path.join(clientDir, fsPath));
  const root = path.resolve(clientDir);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return false;
  try {
    return lstatSync(resolved).isDirectory();
  } catch {
    return false;
  }
}

/** Serves the file a request names, else calls `notFound` (a page route or the 404 page answers then). */
export function createStaticFiles(clientDir: string) {
  return (req: http.IncomingMessage, res: http.ServerResponse, notFound: () => void): void => {
    const url = (req.url ?? '/').split('#')[0]!;
    const queryAt = url.indexOf('?');
    const urlPath = queryAt >= 0 ? url.slice(0, queryAt) : url;
    const pathname = isDirectory(clientDir, urlPath) && !urlPath.endsWith('/') ? `${urlPath}/index.html` : urlPath;
    const normalized = path.posix.normalize(pathname.startsWith('/') ? pathname : `/${pathname}`);
    const stream = send(req, normalized, {
      root: clientDir,
      dotfiles: normalized.startsWith('/.well-known/') ? 'allow' : 'deny',
    });
    let found = false;
    stream.on('error', (error: Error & { statusCode?: number }) => {
      if (!found) return notFound();
      const status = error.statusCode ?? 500;
      if (status >= 500) console.error(String(error));
      res.writeHead(status);
      res.end(status >= 500 ? 'Internal server error' : '');
    });
    stream.on('file', () => {
      found = true;
    });
    stream.on('stream', () => {
      if (normalized.startsWith(ASSETS_PREFIX)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    });
    stream.pipe(res);
  };
}
