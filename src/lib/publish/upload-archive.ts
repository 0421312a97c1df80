// Sends a pack's zip to POST /publishers/{id}/archives with XMLHttpRequest, because only its upload
// events report how much of the body has gone out (fetch reports nothing until the answer): the
// dashboard's progress bar follows them.
import { API_BASE } from '../api/client.ts';
import { ApiRequestError, errorFromBody, genericErrorMessage } from '../api/errors.ts';
import { resolveBearerToken } from '../api/token.ts';
import type { ApiSchema } from '../api/types.ts';

export type ArchiveUploadResult = ApiSchema<'NodeArchiveUploadResponse'>;

export interface UploadProgress {
  /** Bytes of the body sent so far. */
  loaded: number;
  total: number;
}

export const archivesPath = (publisherId: string) => `/publishers/${encodeURIComponent(publisherId)}/archives`;

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/** Uploads `file`; resolves with the new version, rejects with an ApiRequestError (status 0 offline). */
export async function uploadArchive(
  publisherId: string,
  file: Blob,
  onProgress: (progress: UploadProgress) => void,
): Promise<ArchiveUploadResult> {
  const token = await resolveBearerToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${archivesPath(publisherId)}`);
    request.setRequestHeader('Accept', 'application/json');
    // Whatever the browser guessed for the file (Windows says application/x-zip-compressed, some say nothing).
    request.setRequestHeader('Content-Type', 'application/zip');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      const body = parse(request.responseText);
      if (request.status === 201) resolve(body as ArchiveUploadResult);
      else reject(errorFromBody(request.status, body));
    };
    request.onerror = () => reject(new ApiRequestError(0, genericErrorMessage(0), 'network_error'));
    request.send(file);
  });
}
