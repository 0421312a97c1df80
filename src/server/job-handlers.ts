import { awaitUploadHandler } from './services/archives/await-upload.ts';
import { archiveHashBackfillHandler } from './services/archives/backfill-archive-hashes.ts';
import { archiveRecheckHandler } from './services/archives/recheck-archives.ts';
import { readmeBackfillHandler } from './services/readmes/backfill-readmes.ts';
import { capabilitiesBackfillHandler } from './services/version-changes/backfill-capabilities.ts';
import { versionScanHandler } from './services/moderation/scan-version.ts';
import { webhookDeliveryHandler } from './services/webhooks/deliver-webhook.ts';
import type { JobHandler } from './jobs/worker.ts';

/** Every job kind the server processes: composed here, beside the runtime, so the queue (jobs/) never imports services. */
export function defaultJobHandlers(): JobHandler[] {
  return [
    versionScanHandler(),
    awaitUploadHandler(),
    archiveRecheckHandler(),
    archiveHashBackfillHandler(),
    readmeBackfillHandler(),
    capabilitiesBackfillHandler(),
    webhookDeliveryHandler(),
  ];
}
