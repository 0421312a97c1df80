import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { notFound } from '../../errors.ts';
import { ADVISORIES_HEADER, checkInstallAdvisories } from '../../services/advisories/install-gate.ts';
import { findDownloadableArchive } from '../../services/archives/downloadable-archive.ts';
import { errorResponses } from '../schemas.ts';

// A version's downloadUrl. GET and HEAD (Hono answers HEAD with this GET handler, minus the body).

const route = createRoute({
  method: 'get',
  path: '/archives/{nodeId}/{version}/node.zip',
  operationId: 'downloadNodeVersionArchive',
  tags: ['Registry'],
  summary: 'Download a version’s zip',
  description:
    'The downloadUrl of a NodeVersion. Served only while the node is visible and the version Active. Remote ' +
    'stores answer with a redirect to the object. Like the install route, it names the version’s advisories in ' +
    '`Nodeyard-Advisories` and refuses one with a malware advisory (403 `advisory_blocked`).',
  request: {
    params: z.object({
      nodeId: z.string().openapi({ param: { name: 'nodeId', in: 'path' } }),
      version: z.string().openapi({ param: { name: 'version', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      description: 'The zip, byte for byte as uploaded',
      content: { 'application/zip': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
    },
    302: { description: 'Redirect to the object in the remote store' },
    304: { description: 'Not modified (If-None-Match matched the ETag)' },
    ...errorResponses(403, 404),
  },
});

const etagMatches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);

export function registerDownloadArchive(app: App) {
  app.openapi(route, async (c) => {
    const { db, storage } = c.get('services');
    const { nodeId, version } = c.req.valid('param');
    const { node, version: row, archive } = await findDownloadableArchive(db, nodeId, version);
    // Clients that build the URL themselves (Manager's cache, mirrors) skip /install: the same gate stands here.
    const advisories = await checkInstallAdvisories(db, node.id, row.version);
    if (advisories) c.header(ADVISORIES_HEADER, advisories);
    const redirect = await storage.downloadRedirectUrl(archive.key);
    if (redirect) return c.redirect(redirect, 302);

    const etag = `"${archive.sha256}"`;
    const headers = {
      'Content-Type': 'application/zip',
      ETag: etag,
      // Bytes under a version never change; a day bounds how long a later ban is outlived by caches.
      'Cache-Control': 'public, max-age=86400, immutable',
      'Content-Disposition': `attachment; filename="${node.id}-${row.version}.zip"`,
    };
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    if (c.req.method === 'HEAD') {
      return c.body(null, 200, { ...headers, 'Content-Length': String(archive.size) });
    }
    const bytes = await storage.get(archive.key);
    if (!bytes) throw notFound(`The archive of version ${row.version} of node ${node.id} is missing from storage.`);
    // Stores hand back ArrayBuffer-backed bytes (Buffer or fetch results), which is what Hono wants.
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Length': String(bytes.length) });
  });
}
