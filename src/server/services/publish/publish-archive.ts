import type { NodeVersionRow, PublisherRow } from '../../db/rows.ts';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest, conflict, type ApiError } from '../../errors.ts';
import { acceptUploadedArchive, type AcceptResult } from '../archives/accept-upload.ts';
import type { PublishRequest } from './publish-input.ts';
import { recordNewVersion, type PublishActor } from './publish-version.ts';

export interface ArchivePublish {
  request: PublishRequest;
  actor: PublishActor;
  /** Checked by the caller: it exists, is not banned, and the actor may publish to it. */
  publisher: PublisherRow;
  /** The zip, already read through readUploadedPack (its pyproject.toml made `request`). */
  bytes: Uint8Array;
}

function refusal(result: Exclude<AcceptResult, { status: 'accepted' }>): ApiError {
  switch (result.status) {
    case 'refused':
      return result.error;
    case 'rejected':
      return badRequest(result.message, result.code);
    default:
      // A key made a moment ago in this request cannot be unknown, taken or closed unless another
      // request deleted or banned the version in between.
      return conflict('The version changed while its archive was being stored; upload it again.', 'version_closed');
  }
}

/**
 * A publish whose zip arrives with it (the dashboard's upload): the same node and version checks and
 * writes as comfy-cli's publish (recordNewVersion), then the same acceptance as its upload URL
 * (acceptUploadedArchive: ban checks, archive rules, storage, the `version.scan` job), so the
 * version meets the same scan and findings. The zip was checked before the version was written, so
 * nothing is left half made by a bad archive.
 */
export async function publishArchive(services: AppDeps, input: ArchivePublish): Promise<NodeVersionRow> {
  const { key } = await recordNewVersion(services, {
    request: input.request,
    actor: input.actor,
    publisher: input.publisher,
    // The API holds the bytes: they are stored here, whatever the store, never awaited from a client.
    awaitUpload: false,
  });
  const accepted = await acceptUploadedArchive(services, key, { bytes: input.bytes });
  if (accepted.status !== 'accepted') throw refusal(accepted);
  return accepted.version;
}
