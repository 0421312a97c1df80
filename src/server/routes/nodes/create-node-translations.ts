import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { App, AppEnv } from '../../app-env.ts';
import { bearerToken, requireActiveUser } from '../../auth/viewer.ts';
import type { NodeRow } from '../../db/rows.ts';
import { notFound } from '../../errors.ts';
import { findServiceByToken } from '../../services/service-tokens/service-tokens.ts';
import { userActor, type AuditActor } from '../../services/audit/record.ts';
import { findNode } from '../../services/nodes/find-node.ts';
import { loadNodeBundles } from '../../services/nodes/load-bundles.ts';
import { decidePublisherAccess, findRole, getPublisherOr404 } from '../../services/publishers/access.ts';
import { assertNodeWritable } from '../../services/nodes/publisher-nodes.ts';
import { saveNodeTranslations, type TranslationPatch } from '../../services/translations/node-translations.ts';
import {
  isTranslationLocale,
  MAX_TRANSLATED_LENGTH,
  MAX_TRANSLATION_CHARS,
  TRANSLATION_LOCALES,
} from '../../services/translations/translation-policy.ts';
import { bearerSecurity, errorResponses, NodeSchema } from '../schemas.ts';
import { nodeIdParam } from './node-id-param.ts';
import { nodeDetail } from './node-detail.ts';

const Fields = z
  .object({
    name: z.string().trim().max(MAX_TRANSLATED_LENGTH.name).optional(),
    description: z.string().trim().max(MAX_TRANSLATED_LENGTH.description).optional(),
  })
  .openapi({ description: 'Translated `name` / `description`; "" removes one; other fields are ignored.' });

/** Unaccepted locales named one by one, up to this many (a body may list thousands). */
const NAMED_LOCALES = 5;

const Translations = z
  .record(z.string(), Fields)
  .superRefine((data, ctx) => {
    const unaccepted = Object.keys(data).filter((locale) => !isTranslationLocale(locale));
    for (const locale of unaccepted.slice(0, NAMED_LOCALES)) {
      ctx.addIssue({
        code: 'invalid_value',
        values: [...TRANSLATION_LOCALES],
        path: [locale],
        input: locale,
        message: `"${locale.slice(0, 40)}" is not a locale translations are accepted in (${TRANSLATION_LOCALES.join(', ')})`,
      });
    }
    if (unaccepted.length > NAMED_LOCALES) {
      ctx.addIssue({
        code: 'invalid_value',
        values: [...TRANSLATION_LOCALES],
        path: [],
        input: data,
        message: `${unaccepted.length - NAMED_LOCALES} more locales are not accepted either`,
      });
    }
  })
  .openapi({
    description:
      `Keyed by locale: only ${TRANSLATION_LOCALES.join(', ')}. Each text at most ${MAX_TRANSLATED_LENGTH.name} ` +
      `(name) / ${MAX_TRANSLATED_LENGTH.description} (description) characters; a node's translations ` +
      `together at most ${MAX_TRANSLATION_CHARS} characters (400 \`translations_too_large\`).`,
  });

const Body = z.object({ data: Translations }).openapi('NodeTranslationsRequest');

const route = createRoute({
  method: 'post',
  path: '/nodes/{nodeId}/translations',
  operationId: 'CreateNodeTranslations',
  tags: ['Registry'],
  summary: "Store translations of a node's name and description (its publisher's people, admins, service tokens)",
  description:
    'Merged per locale over the stored ones. Answers with the node, `translations` included; ' +
    'GET /nodes/{nodeId}?include_translations=true serves them.',
  security: bearerSecurity,
  request: {
    params: z.object({ nodeId: nodeIdParam }),
    body: { required: true, content: { 'application/json': { schema: Body } } },
  },
  responses: {
    201: { description: 'The node with its translations', content: { 'application/json': { schema: NodeSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

/**
 * A translation service (service token) may translate any node; people may translate the nodes
 * they may edit (node.update: the publisher's owners and members, admins), with the usual bans.
 */
async function authorize(
  c: Context<AppEnv>,
  nodeId: string,
): Promise<{ node: NodeRow; actor: AuditActor; caller?: string }> {
  const { db } = c.get('services');
  const token = bearerToken(c);
  const service = token ? await findServiceByToken(db, token) : null;
  const viewer = service ? null : await requireActiveUser(c);
  const node = await findNode(db, nodeId);
  if (!node || node.status === 'NodeStatusDeleted') throw notFound(`Node "${nodeId}" not found.`);
  if (service) return { node, actor: { userId: null, kind: 'system' }, caller: `service:${service.name}` };
  const publisher = await getPublisherOr404(db, node.publisherId);
  const denied = decidePublisherAccess('node.update', {
    viewer: viewer!,
    publisher,
    role: await findRole(db, publisher.id, viewer!.id),
  });
  if (denied) throw denied;
  assertNodeWritable(node, viewer!);
  return { node, actor: userActor(viewer!) };
}

export function registerCreateNodeTranslations(app: App) {
  app.openapi(route, async (c) => {
    const { nodeId } = c.req.valid('param');
    const { node, actor, caller } = await authorize(c, nodeId);
    const { db, config } = c.get('services');
    await saveNodeTranslations(db, {
      node,
      patch: c.req.valid('json').data as TranslationPatch,
      actor,
      ...(caller ? { caller } : {}),
    });
    const [bundle] = await loadNodeBundles(db, [(await findNode(db, node.id))!]);
    return c.json(nodeDetail(bundle!, config, true), 201);
  });
}
