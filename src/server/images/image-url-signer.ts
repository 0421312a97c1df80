import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ImageFit, SignImageUrl } from '../../lib/images/image-url.ts';

// The image endpoint fetches only what this site's pages (and its API, for islands) rendered: each
// /_image URL carries `s`, an HMAC of the source URL, width and fit under a server secret. Anything
// else is refused before a byte is fetched, so the endpoint is no open proxy, and a page can ask for
// exactly the sizes it shows. The secret is IMAGE_URL_SECRET, else derived from the storage signing
// secret (STORAGE_SIGNING_SECRET, or the one generated into DATA_DIR): every instance that shares it
// accepts every other instance's URLs, also in pages cached before a restart.

/** Characters of the signature: 16 bytes of HMAC-SHA-256, base64url. */
const SIGNATURE_BYTES = 16;

export interface ImageUrlSigner {
  sign: SignImageUrl;
  /** True when `signature` is the one this secret gives the URL, width and fit. */
  verify(url: string, width: number, fit: ImageFit, signature: string): boolean;
}

/** The image URL secret: configured, else derived from the storage signing secret (a separate key). */
export function imageUrlSecret(configured: string | undefined, signingSecret: string): string {
  return configured ?? createHmac('sha256', signingSecret).update('nodeyard image url signing v1').digest('base64url');
}

export function createImageUrlSigner(secret: string): ImageUrlSigner {
  const mac = (url: string, width: number, fit: ImageFit) =>
    // Width and fit first, the URL last: no URL can make two different requests sign alike.
    createHmac('sha256', secret).update(`${fit}\n${width}\n${url}`).digest().subarray(0, SIGNATURE_BYTES);
  return {
    sign: (url, width, fit) => mac(url, width, fit).toString('base64url'),
    verify(url, width, fit, signature) {
      const given = Buffer.from(signature, 'base64url');
      // Canonical spelling only: the decoder skips stray characters and ignores the last one's spare bits.
      if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signature) return false;
      return timingSafeEqual(given, mac(url, width, fit));
    },
  };
}
