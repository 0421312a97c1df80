import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { loadVersionProvenance } from '../../services/trusted-publishing/load-provenance.ts';
import { nodeIdParam } from '../nodes/node-id-param.ts';
import { errorResponses } from '../schemas.ts';

const ProvenanceSchema = z
  .object({
    node_id: z.string(),
    version: z.string(),
    published_with: z.enum(['trusted_publishing', 'personal_access_token', 'dashboard_upload', 'unknown']),
    provenance: z
      .object({
        issuer: z.string(),
        repository: z.string(),
        repository_id: z.string().nullable(),
        commit: z.string().nullable(),
        ref: z.string().nullable(),
        workflow_ref: z.string(),
        environment: z.string().nullable(),
        run_id: z.string().nullable(),
        run_attempt: z.string().nullable(),
        archive_sha256: z.string(),
      })
      .nullable(),
    statement: z
      .object({
        payloadType: z.string(),
        payload: z.string().openapi({ description: 'The in-toto Statement v1 (canonical JSON), base64.' }),
        signatures: z.array(z.object({ keyid: z.string(), sig: z.string() })),
      })
      .nullable()
      .openapi({
        description: 'A DSSE envelope signed with the index key (GET /index/v1/keys); null unless trusted-published.',
      }),
  })
  .openapi('VersionProvenance');

const route = createRoute({
  method: 'get',
  path: '/nodes/{nodeId}/versions/{version}/provenance',
  operationId: 'getVersionProvenance',
  tags: ['Trusted publishing'],
  summary: 'Where a version came from, signed by the registry',
  description:
    'For a version published through trusted publishing: the repository, commit, ref, workflow and run from the ' +
    'verified CI identity token, and an in-toto statement binding them to the archive sha256 in a DSSE envelope ' +
    'signed with the index Ed25519 key. Other versions say how they were published (published_with) and carry no ' +
    'statement. 409 `archive_missing` before the archive is uploaded. docs/publishing.md § Provenance.',
  request: {
    params: z.object({
      nodeId: nodeIdParam,
      version: z
        .string()
        .min(1)
        .max(100)
        .openapi({ param: { name: 'version', in: 'path' } }),
    }),
  },
  responses: {
    200: { description: 'Provenance', content: { 'application/json': { schema: ProvenanceSchema } } },
    ...errorResponses(403, 404, 409),
  },
});

export function registerGetVersionProvenance(app: App) {
  app.openapi(route, async (c) => {
    const { nodeId, version } = c.req.valid('param');
    const result = await loadVersionProvenance(c.get('services'), nodeId, version);
    const { provenance } = result;
    const facts = provenance.facts;
    return c.json(
      {
        node_id: result.nodeId,
        version: result.version,
        published_with: provenance.publishedWith,
        provenance: facts && {
          issuer: facts.issuer,
          repository: facts.repository,
          repository_id: facts.repositoryId,
          commit: facts.commitSha,
          ref: facts.ref,
          workflow_ref: facts.workflowRef,
          environment: facts.environment,
          run_id: facts.runId,
          run_attempt: facts.runAttempt,
          archive_sha256: facts.archiveSha256,
        },
        statement: provenance.envelope,
      },
      200,
    );
  });
}
