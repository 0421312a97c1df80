import { isWebUrl } from '../url/web-url.ts';
// URLs of the first-party image endpoint (/_image, src/server/images/). Widths come only from the
// spec's lists, so the server resizes to a small, cacheable set. Every URL is signed by the server
// (src/server/images/image-url-signer.ts: `s`, over the source URL, width and fit), so only the
// server builds them: pages with the signer from their services, islands from attributes the API
// sends (`ImageAttributes`).

/** Widths for full-width images (banners, README images). */
export const DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
/** Widths for small fixed-size images (icons, avatars). */
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;
/** Every width the endpoint accepts. */
export const ALLOWED_WIDTHS: readonly number[] = [...IMAGE_SIZES, ...DEVICE_SIZES];

export const IMAGE_ENDPOINT = '/_image';

/** Fit of the result: `icon` is a square, cropped to cover and laid on white (icons, avatars). */
export type ImageFit = 'icon' | 'inside';

/** The server's signature of one image URL at one width and fit (the `s` parameter). */
export type SignImageUrl = (url: string, width: number, fit: ImageFit) => string;

/** Displayed sizes (CSS pixels) of the icons islands show: the API signs these for them. */
export const ISLAND_ICON_SIZES = { searchCard: 48, dashboardNode: 40, avatar: 32 } as const;

/** A publisher's image URL we may ask the endpoint for: absolute http(s) only. */
export function isProxyableImage(url: string | null | undefined): url is string {
  return !!url && url.length <= 2048 && isWebUrl(url);
}

export function imageSrc(sign: SignImageUrl, url: string, width: number, fit: ImageFit = 'inside'): string {
  const params = new URLSearchParams({ url, w: String(width) });
  if (fit === 'icon') params.set('fit', 'icon');
  params.set('s', sign(url, width, fit));
  return `${IMAGE_ENDPOINT}?${params.toString()}`;
}

/** The smallest allowed width that covers `pixels`, or the largest allowed. */
function coveringWidth(pixels: number, list: readonly number[] = ALLOWED_WIDTHS): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.find((width) => width >= pixels) ?? sorted[sorted.length - 1]!;
}

export interface ImageAttributes {
  src: string;
  srcset: string;
  sizes: string;
}

/** A fixed-size image (`size` CSS pixels square): the image sizes that cover 1x and 2x screens. */
export function iconImage(sign: SignImageUrl, url: string, size: number): ImageAttributes {
  const widths = [...new Set([1, 2].map((density) => coveringWidth(size * density, IMAGE_SIZES)))];
  const candidates = widths.map((width) => `${imageSrc(sign, url, width, 'icon')} ${width}w`);
  return { src: imageSrc(sign, url, widths[0]!, 'icon'), srcset: candidates.join(', '), sizes: `${size}px` };
}

/** Icons of a list of nodes, by node id (those without a proxyable icon are left out). */
export function iconImagesById(
  sign: SignImageUrl,
  nodes: readonly { id: string; icon?: string | null | undefined }[],
  size: number,
): Record<string, ImageAttributes> {
  const entries = nodes.flatMap((node) => {
    const image = optionalIconImage(sign, node.icon, size);
    return image ? [[node.id, image] as const] : [];
  });
  return Object.fromEntries(entries);
}

/** `iconImage` for a URL that may be absent or not proxyable (then undefined: the letter shows). */
export function optionalIconImage(
  sign: SignImageUrl,
  url: string | null | undefined,
  size: number,
): ImageAttributes | undefined {
  return isProxyableImage(url) ? iconImage(sign, url, size) : undefined;
}

/**
 * A full-width image: every device size as a `w` candidate; `sizes` on the element tells the browser
 * how wide it shows, and it picks the candidate for the screen's density.
 */
export function responsiveImage(sign: SignImageUrl, url: string, sizes = '100vw'): ImageAttributes {
  return {
    src: imageSrc(sign, url, 1080),
    srcset: DEVICE_SIZES.map((width) => `${imageSrc(sign, url, width)} ${width}w`).join(', '),
    sizes,
  };
}

/**
 * An image inside rendered markdown (README, release notes). Its shown size is its own (often a small
 * badge), which width descriptors would distort, so it gets one source: the largest content width,
 * never enlarged by the endpoint.
 */
export function readmeImageSrc(sign: SignImageUrl, url: string): string {
  return imageSrc(sign, url, 1920);
}
