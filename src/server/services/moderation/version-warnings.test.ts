import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertVersion } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { versionScanFindings } from '../../db/schema/index.ts';
import { loadNodePageParts } from '../nodes/node-page-parts.ts';
import { listVersionWarnings } from './version-warnings.ts';

describe('listVersionWarnings', () => {
  let t: TestApp;
  let noisy: string;
  let quiet: string;
  let held: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    const publisher = await insertPublisher(db);
    await insertNode(db, { id: 'warned', publisherId: publisher.id });
    noisy = (await insertVersion(db, { nodeId: 'warned', version: '2.0.0' })).id;
    quiet = (await insertVersion(db, { nodeId: 'warned', version: '1.0.0' })).id;
    held = (await insertVersion(db, { nodeId: 'warned', version: '0.9.0' })).id;
    const finding = (
      versionId: string,
      ruleId: string,
      severity: 'low' | 'medium' | 'high',
      file: string,
      line: number,
    ) => ({
      nodeVersionId: versionId,
      ruleId,
      severity,
      file,
      line,
      snippet: `code of ${ruleId}`,
      message: `${ruleId} message`,
      rulesetVersion: 'test',
    });
    await db
      .insert(versionScanFindings)
      .values([
        finding(noisy, 'PY041', 'low', 'a.py', 1),
        finding(noisy, 'PY030', 'medium', 'z.py', 9),
        finding(noisy, 'PY001', 'medium', 'b.py', 3),
        finding(noisy, 'PY020', 'high', 'a.py', 2),
        finding(held, 'PY020', 'high', 'x.py', 1),
      ]);
  });
  afterAll(() => t.close());

  it('lists medium then low findings per version, leaves out high ones and versions without warnings', async () => {
    const warnings = await listVersionWarnings(t.services.db, [noisy, quiet, held]);
    expect([...warnings.keys()]).toEqual([noisy]);
    const entry = warnings.get(noisy)!;
    expect(entry.total).toBe(3);
    expect(entry.findings.map((f) => `${f.severity} ${f.ruleId} ${f.file}:${f.line}`)).toEqual([
      'medium PY001 b.py:3',
      'medium PY030 z.py:9',
      'low PY041 a.py:1',
    ]);
    expect(entry.findings[0]).toMatchObject({
      snippet: 'code of PY001',
      message: 'PY001 message',
      rulesetVersion: 'test',
    });
  });

  it('returns the first findings up to the limit and counts them all', async () => {
    const entry = (await listVersionWarnings(t.services.db, [noisy], 2)).get(noisy)!;
    expect(entry.total).toBe(3);
    expect(entry.findings.map((f) => f.ruleId)).toEqual(['PY001', 'PY030']);
  });

  it("reads a node's Active versions alone by node id, as by their ids", async () => {
    const { db } = t.services;
    await insertVersion(db, { nodeId: 'warned', version: '3.0.0', status: 'NodeVersionStatusFlagged' }).then(
      (flagged) =>
        db.insert(versionScanFindings).values({
          nodeVersionId: flagged.id,
          ruleId: 'PY041',
          severity: 'low',
          file: 'f.py',
          line: 1,
          snippet: 'x',
          message: 'on a flagged version',
          rulesetVersion: 'test',
        }),
    );
    // The node page reads them with its other parts (services/nodes/node-page-parts.ts).
    const byNode = async (nodeId: string) =>
      (await loadNodePageParts(db, { nodeId, sinceDay: '2026-01-01', shown: null })).warnings;
    expect(await byNode('warned')).toEqual(await listVersionWarnings(db, [noisy, quiet, held]));
    expect([...(await byNode('warned')).keys()]).toEqual([noisy]);
    expect((await byNode('no-such-node')).size).toBe(0);
  });

  it('asks nothing for no versions', async () => {
    expect((await listVersionWarnings(t.services.db, [])).size).toBe(0);
  });
});
