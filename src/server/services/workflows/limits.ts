// Every bound the workflow resolver puts on what one request may make it read, inflate or scan.
// docs/api.md (POST /workflows/resolve) lists them; change both together.

/** A JSON workflow (its text, also when embedded in an image) may be at most this big. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;
/** An image with an embedded workflow may be at most this big (a multipart body gets a little slack for its framing). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MULTIPART_SLACK_BYTES = 64 * 1024;
/** More distinct node types than any real workflow has; beyond it the input is refused. */
export const MAX_CLASSES = 5000;

/**
 * Text chunks (tEXt, zTXt, iTXt) a PNG may have before its workflow: ComfyUI writes one per
 * metadata key (`prompt`, `workflow`, a few from custom nodes). Thousands of tiny chunks are an attack.
 */
export const MAX_PNG_TEXT_CHUNKS = 64;
/**
 * All the text one request may decode from an image, inflated, together: room for a full-size
 * `workflow` and a full-size `prompt`, the only chunks ever decoded.
 */
export const MAX_TOTAL_TEXT_BYTES = 2 * MAX_JSON_BYTES;
/** Metadata chunks (EXIF, XMP) a WebP may have: real files have one of each. */
export const MAX_WEBP_METADATA_CHUNKS = 8;
/**
 * Steps (characters visited) the search for `workflow:{…}` and `prompt:{…}` in WebP metadata may take.
 * The search visits each character at most a few times per label, so an 8 MB image needs at most
 * about 6 × 8 M; the budget is a guard that turns any slip back into quadratic work into a 413.
 */
export const METADATA_SCAN_STEPS = 8 * MAX_IMAGE_BYTES;
/** Parts a multipart body may have: the resolver reads one (`file`); undici parses them all first. */
export const MAX_MULTIPART_PARTS = 16;
