import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { App, AppEnv } from '../../app-env.ts';
import { bearerToken } from '../../auth/viewer.ts';
import { ApiError } from '../../errors.ts';
import { getVersionByNumber } from '../../services/moderation/find-version.ts';
import { looksLikePublishToken, tokenReadsNode, versionVerdict } from '../../services/moderation/version-verdict.ts';
import { getPublisherOr404 } from '../../services/publishers/access.ts';
import { getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { toApiFinding } from '../../services/serialize/finding.ts';
import { bearerSecurity, errorResponses, NodeVersionStatusSchema } from '../schemas.ts';
import { authorizeFindingsRead } from './access.ts';
import { FindingSchema, VersionNumberParams } from './schemas.ts';

const VersionVerdictSchema = z
  .object({
    node_id: z.string(),
    version: z.string(),
    status: NodeVersionStatusSchema,
    state: z.enum(['pending', 'active', 'flagged', 'banned', 'deleted']).openapi({
      description: 'Keep polling while `pending`; a CI should fail on `flagged` and `banned`.',
    }),
    settled: z.boolean().openapi({
      description: 'False while the upload or a scan is still to come: the state may still change by itself.',
    }),
    status_reason: z.string(),
    scan_queued: z.boolean(),
    ruleset_version: z.string().nullable(),
    scanned_at: z.string().nullable(),
    findings: z.array(FindingSchema),
  })
  .openapi('VersionVerdict');

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/status',
  operationId: 'getNodeVersionStatus',
  tags: ['Moderation'],
  summary: "A version's moderation verdict with its findings, for a CI to poll after publishing",
  description:
    'Nodeyard extension. `Authorization: Bearer` takes the personal access token the version was published with ' +
    '(any unexpired token of the publisher), the credential a CI job exchanged for this node (while it lives; ' +
    "401 `invalid_token` / `token_expired` otherwise), or a signed-in member's, owner's or admin's ID token. The " +
    'reference CI step (ci/publish-action/) polls it until `settled`.',
  security: bearerSecurity,
  request: { params: VersionNumberParams },
  responses: {
    200: { description: 'The verdict so far', content: { 'application/json': { schema: VersionVerdictSchema } } },
    ...errorResponses(401, 403, 404),
  },
});

/** A publish token of this node (personal access token, exchanged CI credential), or a signed-in member, owner or admin. */
async function authorizeStatusRead(c: Context<AppEnv>, publisherId: string, nodeId: string) {
  const { db, clock } = c.get('services');
  const token = bearerToken(c);
  if (!token || !looksLikePublishToken(token)) return (await authorizeFindingsRead(c, publisherId)).publisher;
  const publisher = await getPublisherOr404(db, publisherId);
  const access = await tokenReadsNode(db, token, { publisherId: publisher.id, nodeId }, clock.now());
  if (access === 'expired') throw new ApiError(401, 'token_expired', 'This token has expired.');
  if (access === 'invalid') {
    throw new ApiError(
      401,
      'invalid_token',
      `This token does not publish node "${nodeId}" of publisher "${publisher.id}".`,
    );
  }
  return publisher;
}

export function registerGetVersionStatus(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId, version: number } = c.req.valid('param');
    const publisher = await authorizeStatusRead(c, publisherId, nodeId);
    const { db } = c.get('services');
    const node = await getPublisherNode(db, publisher, nodeId);
    const version = await getVersionByNumber(db, node, number);
    const verdict = await versionVerdict(db, version);
    return c.json(
      {
        node_id: node.id,
        version: version.version,
        status: version.status,
        state: verdict.state,
        settled: verdict.settled,
        status_reason: version.statusReason,
        scan_queued: verdict.scanQueued,
        ruleset_version: verdict.scan?.rulesetVersion ?? null,
        scanned_at: verdict.scan?.scannedAt.toISOString() ?? null,
        findings: verdict.findings.map(toApiFinding),
      },
      200,
    );
  });
}
