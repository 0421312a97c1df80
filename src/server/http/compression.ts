import compression from 'compression';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

// Brotli quality 5 is close to gzip -9 in size and still cheap per response; gzip stays at its
// default. Both are negotiated from Accept-Encoding; anything already compressed (zips, images)
// or under 1 KB goes out as it is (the library's compressible-type list and threshold).
const compressor = compression({ threshold: 1024, brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } });

/**
 * Wraps a node listener so text responses (pages, scripts, styles, JSON, metrics) are sent
 * compressed when the client accepts it. Without it the site shipped ~3× its JavaScript on the
 * wire (the standalone adapter compresses nothing), and a reverse proxy or CDN is optional for
 * people who self-host.
 */
export function withCompression(listener: Listener): Listener {
  return (req, res) => {
    compressor(req as never, res as never, () => listener(req, res));
  };
}
