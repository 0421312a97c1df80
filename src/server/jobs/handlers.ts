import { awaitUploadHandler } from '../services/archives/await-upload.ts';
import { versionScanHandler } from '../services/moderation/scan-version.ts';
import type { JobHandler } from './worker.ts';

/** Every job kind the server processes. */
export function defaultJobHandlers(): JobHandler[] {
  return [versionScanHandler(), awaitUploadHandler()];
}
