import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getViewer } from '../../auth/viewer.ts';
import { findPublisher } from '../../services/publishers/access.ts';
import { retiredIdDenial } from '../../services/publishers/retired-ids.ts';
import { publisherIdProblem } from '../../services/publishers/publisher-id.ts';
import { errorResponses } from '../schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/validate',
  operationId: 'validatePublisher',
  tags: ['Publishers'],
  summary: 'Whether a publisher id is free to use',
  description:
    'Always 200 once `username` is given: `isAvailable` is false for a taken, reserved or malformed id, ' +
    'and for the id of a deleted publisher unless the signed-in caller was one of its owners, ' +
    'with `error` (a code) and `message` saying why. (Upstream answers 400 for a taken id.)',
  request: { query: z.object({ username: z.string().max(200) }) },
  responses: {
    200: {
      description: 'Username validation result',
      content: {
        'application/json': {
          schema: z
            .object({ isAvailable: z.boolean(), error: z.string().optional(), message: z.string().optional() })
            .openapi('PublisherIdValidation'),
        },
      },
    },
    ...errorResponses(400),
  },
});

export function registerValidatePublisher(app: App) {
  app.openapi(route, async (c) => {
    const id = c.req.valid('query').username.trim();
    const problem = publisherIdProblem(id);
    if (problem) return c.json({ isAvailable: false, error: problem.code, message: problem.message }, 200);
    if (await findPublisher(c.get('services').db, id)) {
      return c.json(
        { isAvailable: false, error: 'publisher_id_taken', message: `The publisher id "${id}" is already taken.` },
        200,
      );
    }
    const retired = await retiredIdDenial(c.get('services').db, id, await getViewer(c));
    if (retired) return c.json({ isAvailable: false, error: retired.code, message: retired.message }, 200);
    return c.json({ isAvailable: true }, 200);
  });
}
