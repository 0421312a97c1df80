import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { undoEntries } from '../../services/audit/undo.ts';
import { badRequest } from '../../errors.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const UndoBody = z
  .object({
    entry_ids: z.array(z.number().int().positive()).min(1).max(100).optional(),
    batch_id: z.uuid().optional(),
  })
  .openapi('AdminUndoRequest');

const route = createRoute({
  method: 'post',
  path: '/admin/undo',
  operationId: 'adminUndo',
  tags: ['Admin'],
  summary: 'Undo your own admin actions (admins)',
  description:
    'Re-applies the `before` of audit entries (`entry_ids`) or of a whole batch review (`batch_id`), in one ' +
    'transaction; each reversal is audited (after.undo_of). Only your own entries (403), once (409), and only ' +
    'while the record still looks as the entry left it (409).',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: UndoBody } } } },
  responses: {
    200: {
      description: 'The entries undone',
      content: {
        'application/json': { schema: z.object({ undone: z.array(z.number().int()) }).openapi('AdminUndoResult') },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAdminUndo(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const body = c.req.valid('json');
    if (!body.entry_ids && !body.batch_id) throw badRequest('Give entry_ids or batch_id.');
    const { db, clock } = c.get('services');
    const undone = await undoEntries(
      db,
      admin,
      {
        ...(body.entry_ids ? { entryIds: body.entry_ids } : {}),
        ...(body.batch_id ? { batchId: body.batch_id } : {}),
      },
      clock.now(),
    );
    return c.json({ undone }, 200);
  });
}
