import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip } from '#test/zip.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { VERSION_SCAN_JOB } from '../../services/moderation/scan-version.ts';

// A version that installs packages with pip at run time passes the scan with a medium finding; one
// that decodes and runs hidden code is held. Only the first one's warning is public.
const PIP_AT_RUNTIME = {
  '__init__.py':
    'import subprocess, sys\nsubprocess.check_call([sys.executable, "-m", "pip", "install", "numpy"])\nNODE_CLASS_MAPPINGS = {}\n',
};
const CLEAN = { '__init__.py': 'NODE_CLASS_MAPPINGS = {}\n' };
const HIDDEN = {
  '__init__.py':
    'import base64, subprocess, sys\nexec(base64.b64decode("cHJpbnQoJ2hpJyk="))\nsubprocess.check_call([sys.executable, "-m", "pip", "install", "x"])\n',
};

describe('GET /nodes/{nodeId}/scan-warnings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'Warm-Pack' });
    for (const [version, files] of [
      ['1.0.0', CLEAN],
      ['1.1.0', PIP_AT_RUNTIME],
      ['1.2.0', HIDDEN],
    ] as const) {
      const row = await insertUploadedVersion(t.services, {
        publisherId: publisher.id,
        nodeId: 'Warm-Pack',
        version,
        bytes: buildZip(files),
        status: 'NodeVersionStatusPending',
      });
      await enqueueJob(t.services.db, VERSION_SCAN_JOB, { versionId: row.id });
    }
    await t.runJobs();
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'gone', status: 'NodeStatusBanned' });
  });
  afterAll(() => t.close());

  it("lists the Active versions' medium findings for anyone, and nothing of a held version", async () => {
    const response = await t.request('/nodes/warm-pack/scan-warnings');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      versions: [
        {
          version_id: expect.any(String),
          version: '1.1.0',
          total: 1,
          findings: [
            {
              rule_id: 'PY030',
              severity: 'medium',
              file: '__init__.py',
              line: 2,
              snippet: 'subprocess.check_call([sys.executable, "-m", "pip", "install", "numpy"])',
              message: expect.any(String),
              ruleset_version: expect.any(String),
            },
          ],
        },
      ],
    });
  });

  it('answers 404 for an unknown node and 403 for a banned one, like the node itself', async () => {
    expect((await t.request('/nodes/no-such-pack/scan-warnings')).status).toBe(404);
    const banned = await t.request('/nodes/gone/scan-warnings');
    expect(banned.status).toBe(403);
    expect(await banned.json()).toMatchObject({ error: 'node_banned' });
  });
});
