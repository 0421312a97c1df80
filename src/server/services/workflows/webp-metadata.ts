import { MAX_WEBP_METADATA_CHUNKS } from './limits.ts';
import { WorkflowInputError } from './workflow-input-error.ts';

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8', { fatal: false });

export function isWebp(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 12 &&
    latin1.decode(bytes.subarray(0, 4)) === 'RIFF' &&
    latin1.decode(bytes.subarray(8, 12)) === 'WEBP'
  );
}

const XML_ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };

function decodeXmlEntities(text: string): string {
  return text.replace(/&(quot|amp|lt|gt|apos|#\d+|#x[0-9a-f]+);/gi, (_, entity: string) => {
    if (entity[0] !== '#') return XML_ENTITIES[entity.toLowerCase()] ?? '';
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/**
 * The text of a WebP's metadata chunks: `EXIF` (ComfyUI writes "workflow:{json}" and "prompt:{json}"
 * as ASCII/UTF-8 EXIF values) and `XMP ` (decoded from XML escapes). The resolver then looks for the
 * labelled JSON in this text rather than walking EXIF IFDs, which also finds values that other tools
 * moved into other tags. WebP stores both uncompressed, so their text is never more than the file;
 * more than MAX_WEBP_METADATA_CHUNKS of them is refused (400).
 */
export function readWebpMetadataText(bytes: Uint8Array): string[] {
  if (!isWebp(bytes)) throw new WorkflowInputError(400, 'invalid_image', 'The WebP file is corrupt.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The RIFF header states the file's size: less data than that is a file cut short.
  if (8 + view.getUint32(4, true) > bytes.length) {
    throw new WorkflowInputError(400, 'invalid_image', 'The WebP file is truncated.');
  }
  const texts: string[] = [];
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const type = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const length = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + length > bytes.length)
      throw new WorkflowInputError(400, 'invalid_image', 'The WebP file is truncated.');
    if (type === 'EXIF' || type === 'XMP ') {
      if (texts.length === MAX_WEBP_METADATA_CHUNKS) {
        throw new WorkflowInputError(
          400,
          'invalid_image',
          `The WebP has more than ${MAX_WEBP_METADATA_CHUNKS} metadata (EXIF, XMP) chunks.`,
        );
      }
      const text = utf8.decode(bytes.subarray(start, start + length));
      texts.push(type === 'EXIF' ? text : decodeXmlEntities(text));
    }
    offset = start + length + (length % 2); // chunks are padded to even sizes
  }
  return texts;
}
