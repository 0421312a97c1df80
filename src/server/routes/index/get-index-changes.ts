import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { ApiError } from '../../errors.ts';
import { CursorSchema } from '../../index-protocol/format.ts';
import { buildDelta } from '../../services/index-protocol/build-delta.ts';
import { errorResponses, ErrorResponseSchema } from '../schemas.ts';
import { sendIndexDocument } from './index-response.ts';
import { IndexDeltaDocSchema, signedHeaders } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/index/v1/changes',
  operationId: 'getIndexChanges',
  tags: ['Index'],
  summary: 'What changed in the catalogue since a cursor, signed',
  description:
    'Packs and versions to upsert (their current state) and tombstones for packs and versions that left the public ' +
    'catalogue (banned, deleted, withheld), after `since`, with the new cursor. `more: true` means ask again from ' +
    '`cursor` at once. A cursor older than the kept changes, or unknown to this registry, answers 410: fetch the ' +
    'snapshot again. Signed like the snapshot.',
  request: {
    query: z.object({
      since: CursorSchema.openapi({
        param: { name: 'since', in: 'query' },
        description: 'The cursor of your snapshot or of your last changes.',
        example: '1042',
      }),
    }),
  },
  responses: {
    200: {
      description: 'The changes',
      headers: signedHeaders,
      content: { 'application/json': { schema: IndexDeltaDocSchema } },
    },
    304: { description: 'Not modified' },
    ...errorResponses(400),
    410: {
      description: 'The cursor expired or is unknown here: fetch GET /index/v1/snapshot and continue from its cursor',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

// Short: a CDN collapses identical polls, and a client is never far behind.
const CACHE_CONTROL = 'public, max-age=5';
const REFETCH = 'Fetch GET /index/v1/snapshot and continue from its cursor.';

export function registerGetIndexChanges(app: App) {
  app.openapi(route, async (c) => {
    const since = Number(c.req.valid('query').since);
    const result = await buildDelta(c.get('services'), since);
    if (result.status === 'expired') {
      throw new ApiError(
        410,
        'cursor_expired',
        `Cursor ${since} is older than the changes this registry keeps (from ${result.floor} on). ${REFETCH}`,
      );
    }
    if (result.status === 'unknown') {
      throw new ApiError(
        410,
        'cursor_unknown',
        `Cursor ${since} is ahead of this registry's changes (latest ${result.head}): it comes from another registry or a reset one. ${REFETCH}`,
      );
    }
    return sendIndexDocument(c, result.document, { cacheControl: CACHE_CONTROL });
  });
}
