import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { acceptUploadedArchive, findArchiveByKey, type AcceptResult } from '../../services/archives/accept-upload.ts';
import type { AppDeps } from '../../app-deps.ts';
import { verifyStorageSignature } from '../../storage/signing.ts';
import { ErrorResponseSchema, errorResponses } from '../schemas.ts';
import { readLimitedBody } from './read-limited-body.ts';

// The filesystem store's upload URL (the `signedUrl` of a publish). comfy-cli PUTs the zip here
// and treats anything but 200 as a failure.

const ZIP_TYPES = new Set(['application/zip', 'application/octet-stream', 'application/x-zip-compressed']);

const UploadResultSchema = z
  .object({
    message: z.string(),
    node_id: z.string(),
    version: z.string(),
    status: z.string(),
    size: z.number().int(),
    sha256: z.string(),
  })
  .openapi('ArchiveUploadResult');

const route = createRoute({
  method: 'put',
  path: '/storage/objects',
  operationId: 'uploadArchiveObject',
  tags: ['Storage'],
  summary: 'Upload a version’s zip to a signed URL',
  description:
    'The signedUrl returned by publishNodeVersion when archives are stored on the filesystem. Valid for one ' +
    'object, 15 minutes, and a single accepted upload. The zip is checked before it is stored, and stored ' +
    'byte for byte as sent: a zip that zip readers could read differently (bytes in front, a second directory, ' +
    'headers that disagree, …) is refused with 400 `archive_ambiguous`, an unsafe or broken one with 400 ' +
    '`invalid_archive`; the message names the rule and the entry.',
  request: {
    query: z.object({
      key: z.string().optional(),
      expires: z.string().optional(),
      sig: z.string().optional(),
    }),
    body: {
      required: true,
      content: { 'application/zip': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
    },
  },
  responses: {
    200: { description: 'Archive accepted', content: { 'application/json': { schema: UploadResultSchema } } },
    ...errorResponses(400, 403, 404, 409, 413),
    415: { description: 'Not a zip content type', content: { 'application/json': { schema: ErrorResponseSchema } } },
  },
});

function checkSignature(
  services: AppDeps,
  query: { key?: string | undefined; expires?: string | undefined; sig?: string | undefined },
): string {
  const { key, expires, sig } = query;
  if (!key || !expires || !sig)
    throw forbidden('This upload URL is incomplete: it needs key, expires and sig.', 'invalid_signature');
  const check = verifyStorageSignature({
    secret: services.config.signingSecret,
    method: 'PUT',
    key,
    expires,
    sig,
    now: services.clock.now(),
  });
  if (check === 'invalid') throw forbidden('This upload URL’s signature is not valid.', 'invalid_signature');
  if (check === 'expired') throw forbidden('This upload URL has expired: publish again for a new one.', 'url_expired');
  return key;
}

async function expectUpload(services: AppDeps, key: string) {
  const archive = await findArchiveByKey(services.db, key);
  if (!archive) throw notFound('No upload is expected for this key.');
  if (archive.uploadedAt) throw alreadyUploaded();
}

const alreadyUploaded = () =>
  conflict('An archive was already uploaded for this version; published versions never change.', 'already_uploaded');

function checkContentType(header: string | undefined) {
  const essence = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ZIP_TYPES.has(essence)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `Send the archive with Content-Type: application/zip (got ${header ? `"${header}"` : 'none'}).`,
    );
  }
}

function failure(result: Exclude<AcceptResult, { status: 'accepted' }>): ApiError {
  switch (result.status) {
    case 'unknown_key':
    case 'missing_object':
      return notFound('No upload is expected for this key.');
    case 'already_accepted':
      return alreadyUploaded();
    case 'version_closed':
      return conflict(
        `Version ${result.version.version} of node ${result.version.nodeId} is no longer pending (${result.version.status}); its archive cannot be uploaded.`,
        'version_closed',
      );
    case 'rejected':
      // invalid_archive, or archive_ambiguous for a zip extractors could read differently (docs/api.md).
      return badRequest(result.message, result.code);
    case 'refused':
      return result.error;
  }
}

export function registerUploadObject(app: App) {
  app.openapi(route, async (c) => {
    const services = c.get('services');
    const key = checkSignature(services, c.req.valid('query'));
    await expectUpload(services, key);
    checkContentType(c.req.header('content-type'));
    const bytes = await readLimitedBody(c.req.raw, services.config.maxArchiveBytes);
    const result = await acceptUploadedArchive(services, key, { bytes });
    if (result.status !== 'accepted') throw failure(result);
    const { version, archive } = result;
    return c.json(
      {
        message: 'Archive accepted.',
        node_id: version.nodeId,
        version: version.version,
        status: version.status,
        size: archive.size ?? bytes.length,
        sha256: archive.sha256 ?? '',
      },
      200,
    );
  });
}
