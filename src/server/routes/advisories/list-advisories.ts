import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { badRequest } from '../../errors.ts';
import { listAdvisoryPage, type FeedCursor } from '../../services/advisories/load-advisories.ts';
import { toOsv } from '../../services/advisories/to-osv.ts';
import { errorResponses } from '../schemas.ts';
import { feedHeaders, newestModified, unchangedSince } from './feed-headers.ts';
import { AdvisoryListSchema } from './schemas.ts';

const PAGE_MAX = 500;

// A cursor is "<modified ISO>|<id>" in base64url: opaque to clients, stable across edits made during a crawl.
const encodeCursor = (cursor: FeedCursor) =>
  Buffer.from(`${cursor.modifiedAt.toISOString()}|${cursor.id}`).toString('base64url');

function decodeCursor(text: string): FeedCursor {
  const [iso, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const modifiedAt = new Date(iso ?? '');
  if (!id || Number.isNaN(modifiedAt.getTime()))
    throw badRequest('`cursor` is not one this feed handed out.', 'bad_request');
  return { modifiedAt, id };
}

const route = createRoute({
  method: 'get',
  path: '/advisories',
  operationId: 'listAdvisories',
  tags: ['Advisories'],
  summary: 'The advisory feed (OSV documents)',
  description:
    'Every advisory as an OSV document, oldest `modified` first, withdrawn ones included (drop what is withdrawn). ' +
    '`modified_since` (RFC 3339) keeps those modified at or after it; page with `next_cursor`. Answers carry ' +
    'ETag and Last-Modified: send If-None-Match or If-Modified-Since to get a 304 when nothing changed.',
  request: {
    query: z.object({
      modified_since: z.iso.datetime({ offset: true }).optional().openapi({ example: '2026-11-01T00:00:00Z' }),
      cursor: z.string().max(300).optional(),
      limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(100),
    }),
  },
  responses: {
    200: { description: 'A page of advisories', content: { 'application/json': { schema: AdvisoryListSchema } } },
    304: { description: 'Not modified' },
    ...errorResponses(400),
  },
});

export function registerListAdvisories(app: App) {
  app.openapi(route, async (c) => {
    const { db, config } = c.get('services');
    const query = c.req.valid('query');
    const page = await listAdvisoryPage(db, {
      since: query.modified_since ? new Date(query.modified_since) : undefined,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: query.limit + 1,
    });
    const shown = page.slice(0, query.limit);
    const newest = newestModified(shown);
    feedHeaders(c, newest);
    if (unchangedSince(c, newest)) return c.body(null, 304);
    const last = shown.at(-1);
    return c.json(
      {
        advisories: shown.map((record) => toOsv(record, { apiPublicUrl: config.apiPublicUrl })),
        ...(page.length > query.limit && last ? { next_cursor: encodeCursor(last) } : {}),
      },
      200,
    );
  });
}
