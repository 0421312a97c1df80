// What the proxy passes on from a vendor. Its answers are served from our own origin (the API also
// lives under /api on the site), so a vendor that answered with HTML or SVG, by mistake or because
// it was compromised, would run script as us. Only data types are relayed: JSON always, and raster
// images for the routes whose contract returns them (Stability results), and video files for the
// route that downloads a finished video (OpenAI video content).

const RASTER_IMAGES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const VIDEOS = new Set(['video/mp4', 'video/webm', 'video/quicktime']);

/** The media type without parameters, lower-cased: `Application/JSON; charset=utf-8` → `application/json`. */
export function mediaTypeEssence(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isRelayableType(
  contentType: string | undefined,
  options: { images: boolean; videos?: boolean },
): boolean {
  const essence = mediaTypeEssence(contentType);
  if (essence === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(essence)) return true;
  if (options.videos && VIDEOS.has(essence)) return true;
  return (options.images || options.videos === true) && RASTER_IMAGES.has(essence);
}
