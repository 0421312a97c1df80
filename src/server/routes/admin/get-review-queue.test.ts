import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { upsertScanRecord } from '../../services/moderation/store-analysis.ts';
import { SCAN_FAILED_REASON } from '../../services/moderation/verdict.ts';
import { adminActors, insertFindings, type AdminActors } from '#test/routes/admin.ts';

describe('GET /admin/review-queue', () => {
  let t: TestApp;
  let who: AdminActors;
  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
  });
  afterAll(() => t.close());

  it('lists flagged and pending versions with findings grouped by file, marking those already approved', async () => {
    const db = t.services.db;
    const publisher = await insertPublisher(db);
    const node = await insertNode(db, { publisherId: publisher.id });
    const approved = await insertVersion(db, { nodeId: node.id, version: '1.0.0' });
    await insertFindings(t, approved.id, [{ ruleId: 'dynamic-exec', file: 'nodes.py', snippet: 'exec(code)' }]);
    const flagged = await insertVersion(db, { nodeId: node.id, version: '1.2.0', status: 'NodeVersionStatusFlagged' });
    await insertFindings(t, flagged.id, [
      { ruleId: 'dynamic-exec', file: 'nodes.py', snippet: 'exec(code)', line: 10 },
      { ruleId: 'pip-install', file: 'nodes.py', snippet: 'pip install evil', line: 3, severity: 'low' },
      { ruleId: 'wallet-read', file: 'a/steal.py', snippet: 'open(wallet)' },
    ]);
    await insertVersion(db, { nodeId: node.id, version: '1.3.0', status: 'NodeVersionStatusPending' });

    const response = await t.request(`/admin/review-queue?nodeId=${node.id}`, { token: who.admin.token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      items: { version: { version: string }; files: unknown }[];
      total: number;
    };
    expect(body.total).toBe(2);
    expect(body.items.map((i) => i.version.version)).toEqual(['1.2.0', '1.3.0']);
    expect(body.items[0]).toMatchObject({
      node: { id: node.id, publisher_id: publisher.id },
      previous_approved_version: '1.0.0',
      finding_count: 3,
      files: [
        {
          file: 'a/steal.py',
          findings: [{ rule_id: 'wallet-read', knownInPreviousVersion: false }],
        },
        {
          file: 'nodes.py',
          findings: [
            { rule_id: 'dynamic-exec', line: 10, snippet: 'exec(code)', knownInPreviousVersion: true },
            { rule_id: 'pip-install', severity: 'low', knownInPreviousVersion: false },
          ],
        },
      ],
    });
    expect(body.items[1]).toMatchObject({ files: [], finding_count: 0 });
  });

  it('says why a scan failed', async () => {
    const db = t.services.db;
    const node = await insertNode(db, { publisherId: (await insertPublisher(db)).id });
    const version = await insertVersion(db, { nodeId: node.id, version: '1.0.0', status: 'NodeVersionStatusFlagged' });
    const error = 'The analysis ran out of memory (limit 1024 MB).';
    await upsertScanRecord(db, version.id, {
      outcome: 'failed',
      rulesetVersion: '',
      filesScanned: 0,
      bytesScanned: 0,
      durationMs: 0,
      skipped: 0,
      error,
      appliedStatus: 'NodeVersionStatusFlagged',
      appliedReason: SCAN_FAILED_REASON,
    });
    const response = await t.request(`/admin/review-queue?nodeId=${node.id}`, { token: who.admin.token });
    expect(await response.json()).toMatchObject({ items: [{ scan: { outcome: 'failed', error } }] });
  });

  it('filters by status', async () => {
    const response = await t.request('/admin/review-queue?statuses=NodeVersionStatusBanned', {
      token: who.admin.token,
    });
    expect(await response.json()).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });

  it('is for admins only', async () => {
    expect((await t.request('/admin/review-queue')).status).toBe(401);
    expect((await t.request('/admin/review-queue', { token: who.stranger.token })).status).toBe(403);
  });
});
