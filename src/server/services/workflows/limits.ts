/** A JSON workflow (its text, also when embedded in an image) may be at most this big. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;
/** An image with an embedded workflow may be at most this big (a multipart body gets a little slack for its framing). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MULTIPART_SLACK_BYTES = 64 * 1024;
/** More distinct node types than any real workflow has; beyond it the input is refused. */
export const MAX_CLASSES = 5000;
