import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { zipSync, type Zippable } from 'fflate';
import type { App } from '../../app-env.ts';
import { etagMatches } from '../../http/cache-headers.ts';
import { loadAllAdvisories } from '../../services/advisories/load-advisories.ts';
import { toOsv } from '../../services/advisories/to-osv.ts';
import { feedHeaders, newestModified, unchangedSince } from './feed-headers.ts';

const route = createRoute({
  method: 'get',
  path: '/advisories/all.zip',
  operationId: 'downloadAllAdvisories',
  tags: ['Advisories'],
  summary: 'Every advisory, OSV bulk format',
  description:
    "OSV's bulk export: a zip with one `<id>.json` OSV document per advisory (withdrawn ones included), like " +
    "an ecosystem's all.zip on osv.dev. ETag and Last-Modified: revalidate instead of downloading it again.",
  responses: {
    200: {
      description: 'The zip',
      content: { 'application/zip': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
    },
    304: { description: 'Not modified' },
  },
});

export function registerAdvisoriesZip(app: App) {
  app.openapi(route, async (c) => {
    const { db, config } = c.get('services');
    const records = await loadAllAdvisories(db);
    const newest = newestModified(records);
    feedHeaders(c, newest);
    // Each entry's time is its advisory's `modified`, so the same advisories always give the same bytes (and ETag).
    const files: Zippable = {};
    for (const record of records) {
      const json = JSON.stringify(toOsv(record, { apiPublicUrl: config.apiPublicUrl }), null, 2);
      files[`${record.id}.json`] = [new TextEncoder().encode(json), { mtime: record.modifiedAt }];
    }
    const bytes = zipSync(files, { level: 6 });
    const etag = `"${createHash('sha256').update(bytes).digest('base64url')}"`;
    const headers = {
      ETag: etag,
      'Cache-Control': 'public, max-age=300, stale-while-revalidate=600',
      'Content-Disposition': 'attachment; filename="advisories-all.zip"',
    };
    if (etagMatches(c.req.header('if-none-match'), etag) || unchangedSince(c, newest)) {
      return c.body(null, 304, headers);
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      'Content-Type': 'application/zip',
      'Content-Length': String(bytes.length),
    });
  });
}
