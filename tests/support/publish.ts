import { createHash } from 'node:crypto';
import type { NodeVersionRow } from '../../src/server/db/rows.ts';
import { archives, nodeVersions } from '../../src/server/db/schema/index.ts';
import type { AppDeps } from '../../src/server/app-deps.ts';
import { refreshLatestVersion } from '../../src/server/services/versions/latest.ts';
import { archiveKey } from '../../src/server/services/archives/archive-key.ts';

// Arranging helpers for the publish/upload/download tests (route and end-to-end suites). Not
// used by the server itself.

/** The JSON body comfy-cli sends for `comfy node publish` (captured shape, see clients.md §1.3). */
export function comfyCliPublishBody(token: string | undefined, nodeId: string, version: string) {
  return {
    ...(token === undefined ? {} : { personal_access_token: token }),
    node: {
      id: nodeId,
      description: 'Makes pictures nicer',
      icon: 'https://example.test/icon.png',
      name: 'Nicer Pictures',
      license: '{"text": "MIT"}',
      repository: `https://github.com/example/${nodeId}`,
      banner_url: 'https://example.test/banner.png',
      supported_os: ['OS Independent'],
      supported_accelerators: ['GPU :: NVIDIA CUDA'],
      supported_comfyui_version: '>=0.3.0',
      supported_comfyui_frontend_version: '>=1.2.0',
    },
    node_version: {
      version,
      dependencies: ['numpy>=1.0', 'requests'],
      supported_os: ['OS Independent'],
      supported_accelerators: ['GPU :: NVIDIA CUDA'],
      supported_comfyui_version: '>=0.3.0',
      supported_comfyui_frontend_version: '>=1.2.0',
      changelog: 'first release',
    },
  };
}

/** A version whose zip is stored and recorded as accepted (status as given). */
export async function insertUploadedVersion(
  services: Pick<AppDeps, 'db' | 'storage'>,
  values: {
    publisherId: string;
    nodeId: string;
    version: string;
    bytes: Uint8Array;
    status?: NodeVersionRow['status'];
  },
): Promise<NodeVersionRow> {
  const key = archiveKey(values.publisherId, values.nodeId, values.version);
  await services.storage.put(key, values.bytes, 'application/zip');
  const [archive] = await services.db
    .insert(archives)
    .values({
      key,
      size: values.bytes.length,
      sha256: createHash('sha256').update(values.bytes).digest('hex'),
      uploadedAt: new Date(),
    })
    .returning();
  const [row] = await services.db
    .insert(nodeVersions)
    .values({
      nodeId: values.nodeId,
      version: values.version,
      status: values.status ?? 'NodeVersionStatusActive',
      archiveId: archive!.id,
    })
    .returning();
  await refreshLatestVersion(services.db, values.nodeId);
  return row!;
}
