import { readdirSync, type Dirent } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import send from 'send';
import { negotiateEncoding } from '../cache/negotiate-encoding.ts';
import { PRECOMPRESSED_CONTENT_TYPES } from './precompressed-types.ts';

type StoredEncoding = 'br' | 'gzip';

// The built site's files (dist/client): hashed bundles under /_astro/ and everything from public/.
// The Astro adapter runs in middleware mode (so each request can carry `locals`), which leaves
// serving these to us; this does what its standalone handler did: `send` with ETags and ranges,
// dotfiles refused except /.well-known/, a folder answered by its index.html, and a year of
// immutable caching for the hashed bundles. Where the build left compressed copies beside a file
// (scripts/lib/precompress-assets.ts: app.js.br, app.js.gz), the one the client accepts is sent as it
// is, so no request compresses a script again.

const ASSETS_PREFIX = '/_astro/';
const ENCODING_SUFFIX: Record<StoredEncoding, string> = { br: '.br', gzip: '.gz' };

interface BuiltSite {
  /** URL paths (`/_astro/app.js`, `/robots.txt`) of every file in the build. */
  files: Set<string>;
  /** The files with compressed copies, and which copies each has. */
  copies: Map<string, StoredEncoding[]>;
}

/** What the build holds, read once: most requests that reach it (every page render) name none of it. */
function readBuiltSite(clientDir: string): BuiltSite {
  const site: BuiltSite = { files: new Set(), copies: new Map() };
  let entries: Dirent[];
  try {
    entries = readdirSync(clientDir, { recursive: true, withFileTypes: true });
  } catch {
    // No build yet (the API alone, or tests): nothing to send.
    return site;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name));
    site.files.add(`/${relative.split(path.sep).join('/')}`);
  }
  for (const file of site.files) {
    if (!(path.posix.extname(file) in PRECOMPRESSED_CONTENT_TYPES)) continue;
    const encodings = (['br', 'gzip'] as const).filter((encoding) => site.files.has(file + ENCODING_SUFFIX[encoding]));
    if (encodings.length > 0) site.copies.set(file, encodings);
  }
  return site;
}

/**
 * What to hand to `send` for a request's path: the path itself, or its folder's index.html. Null when it
 * names nothing in the build, so the pages answer without a look at the disk (an lstat and a `send`
 * stat per page render before). A path that does not decode goes to `send` as it is, which answers it.
 */
function builtPath(site: BuiltSite, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
  const normalized = path.posix.normalize(decoded.startsWith('/') ? decoded : `/${decoded}`);
  if (site.files.has(normalized)) return urlPath;
  // A folder is answered by its index.html, with or without the trailing slash.
  if (!site.files.has(`${normalized.replace(/\/$/, '')}/index.html`)) return null;
  return urlPath.endsWith('/') ? urlPath : `${urlPath}/index.html`;
}

/** Serves the file a request names, else calls `notFound` (a page route or the 404 page answers then). */
export function createStaticFiles(clientDir: string) {
  // Read once: the build directory does not change under a running server.
  const site = readBuiltSite(clientDir);
  return (req: http.IncomingMessage, res: http.ServerResponse, notFound: () => void): void => {
    const url = (req.url ?? '/').split('#')[0]!;
    const queryAt = url.indexOf('?');
    const urlPath = queryAt >= 0 ? url.slice(0, queryAt) : url;
    const pathname = builtPath(site, urlPath);
    if (pathname === null) return notFound();
    const normalized = path.posix.normalize(pathname.startsWith('/') ? pathname : `/${pathname}`);
    const available = site.copies.get(normalized);
    const wanted = available ? negotiateEncoding(req.headers['accept-encoding']) : 'identity';
    // A copy is missing only where its encoding did not shrink the file: that client gets it compressed live.
    const encoding = wanted !== 'identity' && available?.includes(wanted) ? wanted : null;
    if (available) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) {
      // Set before send: it keeps a Content-Type already there, and the compression middleware leaves
      // a body with a Content-Encoding alone.
      res.setHeader('Content-Type', PRECOMPRESSED_CONTENT_TYPES[path.posix.extname(normalized)]!);
      res.setHeader('Content-Encoding', encoding);
    }
    const stream = send(req, encoding ? normalized + ENCODING_SUFFIX[encoding] : normalized, {
      root: clientDir,
      dotfiles: normalized.startsWith('/.well-known/') ? 'allow' : 'deny',
    });
    let found = false;
    stream.on('error', (error: Error & { statusCode?: number }) => {
      if (!found) {
        for (const header of ['Vary', 'Content-Type', 'Content-Encoding']) res.removeHeader(header);
        return notFound();
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) console.error(String(error));
      res.writeHead(status);
      res.end(status >= 500 ? 'Internal server error' : '');
    });
    stream.on('file', () => {
      found = true;
    });
    // On 'headers', before send writes its own (it keeps a Cache-Control already there): a HEAD and a
    // 304 then say the same as the GET. Set on 'stream', they said max-age=0, which a 304 would copy
    // onto the cached bundle.
    stream.on('headers', () => {
      if (normalized.startsWith(ASSETS_PREFIX)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    });
    stream.pipe(res);
  };
}
