import { createRoute } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { queryAdvisories, type AdvisoryQueryItem } from '../../services/advisories/query-advisories.ts';
import { errorResponses } from '../schemas.ts';
import { AdvisoryQueryBody, AdvisoryQueryResponse } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/advisories/query',
  operationId: 'queryAdvisories',
  tags: ['Advisories'],
  summary: 'Which advisories affect these installed versions',
  description:
    'A batch of `{pack, version}` (a Nodeyard pack) and `{pypi, version}` (a Python package) pairs, up to 1000. ' +
    'Answers one `results` entry per pair, in order, each with the active advisories covering that exact version ' +
    "(OSV's querybatch shape). Pack ids match case-insensitively, Python names by PEP 503; pack versions compare " +
    'by semver, Python ones by PEP 440.',
  request: { body: { required: true, content: { 'application/json': { schema: AdvisoryQueryBody } } } },
  responses: {
    200: { description: 'Matches per pair', content: { 'application/json': { schema: AdvisoryQueryResponse } } },
    ...errorResponses(400),
  },
});

export function registerQueryAdvisories(app: App) {
  app.openapi(route, async (c) => {
    const { db } = c.get('services');
    const items: AdvisoryQueryItem[] = c.req
      .valid('json')
      .queries.map((q) =>
        'pack' in q
          ? { ecosystem: 'Nodeyard', package: q.pack, version: q.version }
          : { ecosystem: 'PyPI', package: q.pypi, version: q.version },
      );
    const found = await queryAdvisories(db, items);
    return c.json(
      {
        results: found.map((rows) => ({
          vulns: rows.map((row) => ({
            id: row.id,
            modified: row.modifiedAt.toISOString(),
            summary: row.summary,
            severity: row.severity,
            kind: row.kind,
          })),
        })),
      },
      200,
    );
  });
}
