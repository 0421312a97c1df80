/**
 * The text files the build keeps compressed copies of (scripts/lib/precompress-assets.ts), by extension,
 * with the Content-Type the server sends a copy under (src/server/http/static-files.ts; send would name
 * the copy's own type). One list for both, so a copy the build writes is always one the server sends.
 */
export const PRECOMPRESSED_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};
