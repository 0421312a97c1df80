import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { getScanRecord, getVersionByNumber } from '../../services/moderation/find-version.ts';
import { listVersionFindings } from '../../services/moderation/findings.ts';
import { isOpen, latestReviewRequest } from '../../services/moderation/review-requests.ts';
import { hasOpenScan } from '../../services/moderation/security-scan.ts';
import { statusReasonOf } from '../../services/moderation/status-reason.ts';
import { getPublisherNode } from '../../services/nodes/publisher-nodes.ts';
import { toApiFinding } from '../../services/serialize/finding.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { authorizeFindingsRead } from './access.ts';
import { VersionFindingsSchema, VersionNumberParams } from './schemas.ts';

const route = createRoute({
  method: 'get',
  path: '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/findings',
  operationId: 'listNodeVersionFindings',
  tags: ['Moderation'],
  summary: "A version's security-scan findings (the publisher's owners and members, and admins)",
  description: 'Nodeyard extension: not in the upstream contract.',
  security: bearerSecurity,
  request: { params: VersionNumberParams },
  responses: {
    200: {
      description: 'The findings of the last scan',
      content: { 'application/json': { schema: VersionFindingsSchema } },
    },
    ...errorResponses(401, 403, 404),
  },
});

export function registerGetVersionFindings(app: App) {
  app.openapi(route, async (c) => {
    const { publisherId, nodeId, version: number } = c.req.valid('param');
    const { publisher } = await authorizeFindingsRead(c, publisherId);
    const { db } = c.get('services');
    const node = await getPublisherNode(db, publisher, nodeId);
    const version = await getVersionByNumber(db, node, number);
    const [findings, scan, queued, request] = await Promise.all([
      listVersionFindings(db, version.id),
      getScanRecord(db, version.id),
      hasOpenScan(db, version.id),
      latestReviewRequest(db, version.id),
    ]);
    return c.json(
      {
        node_id: node.id,
        version: version.version,
        status: version.status,
        status_reason: version.statusReason,
        reason: statusReasonOf(version, scan),
        review_request: request && {
          message: request.message,
          created_at: request.createdAt.toISOString(),
          open: isOpen(request, version),
        },
        scan: scan && {
          outcome: scan.outcome,
          ruleset_version: scan.rulesetVersion,
          scanned_at: scan.scannedAt.toISOString(),
          files_scanned: scan.filesScanned,
          skipped: scan.skipped,
          error: scan.error,
        },
        scan_queued: queued,
        findings: findings.map(toApiFinding),
      },
      200,
    );
  });
}
