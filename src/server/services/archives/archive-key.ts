/** Where a version's zip is stored: one object per version, never overwritten (versions are never reused). */
export function archiveKey(publisherId: string, nodeId: string, version: string): string {
  return `${publisherId}/${nodeId}/${version}/node.zip`;
}

/** Signed upload URLs stay valid this long (comfy-cli uploads right after publishing). */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const ARCHIVE_CONTENT_TYPE = 'application/zip';
