import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOsvFiles } from '../../src/server/services/advisories/import-osv.ts';
import { readOsvExport } from '../../scripts/lib/osv-export-files.ts';
import { osvProblems } from '#test/osv-validator.ts';
import { auditRows } from '#test/routes/admin.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';

// `npm run advisories -- import-osv <zip|dir>` on the fixture export (tests/fixtures/osv/pypi-export):
// PyPI advisories become NYSA advisories, and each one lists the packs whose declared dependencies
// admit an affected version.

const EXPORT_DIR = new URL('../fixtures/osv/pypi-export/', import.meta.url).pathname;

describe('import-osv: an OSV export of PyPI advisories', () => {
  let t: TestApp;
  let zipPath: string;
  const clock = fixedClock(new Date('2026-11-25T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.services.db;
    await seedNode(db, { id: 'llm-router', versions: [{ version: '1.0.0', dependencies: ['LiteLLM[proxy]>=1.80'] }] });
    await seedNode(db, { id: 'llm-pinned-safe', versions: [{ version: '1.0.0', dependencies: ['litellm==1.82.9'] }] });
    await seedNode(db, {
      id: 'yolo-detect',
      versions: [
        { version: '1.0.0', dependencies: ['ultralytics==8.3.40'] },
        { version: '1.1.0', dependencies: ['ultralytics>=8.3'] },
      ],
    });
    await seedNode(db, {
      id: 'image-tools',
      versions: [{ version: '0.1.0', dependencies: ['pillow', 'numpy==2.0.0'] }],
    });
    // The same export as a zip, as osv.dev publishes it.
    const dir = await mkdtemp(join(tmpdir(), 'osv-export-'));
    const names = await readdir(EXPORT_DIR);
    const files = Object.fromEntries(
      await Promise.all(names.map(async (name) => [name, new Uint8Array(await readFile(join(EXPORT_DIR, name)))])),
    );
    zipPath = join(dir, 'all.zip');
    await writeFile(zipPath, zipSync(files));
  });
  afterAll(async () => {
    await t.close();
    await rm(join(zipPath, '..'), { recursive: true, force: true });
  });

  it('imports the PyPI documents of the zip (skips the npm one), audited as the system', async () => {
    const files = await readOsvExport(zipPath);
    expect(files).toHaveLength(5);
    const report = await importOsvFiles(t.services.db, [...files, { name: 'broken.json', text: '{' }], clock.now());
    expect(report).toMatchObject({ unchanged: 0, skipped: 1, failed: [{ name: 'broken.json', reason: 'not JSON' }] });
    expect(report.created).toHaveLength(4);
    const [audit] = await auditRows(t, 'advisory', report.created[0]!);
    expect(audit).toMatchObject({ action: 'advisory.import', actorKind: 'system', actorUserId: null });
  });

  it('each imported advisory lists the packs whose dependencies admit it, valid OSV', async () => {
    const { advisories } = await (await t.request('/advisories')).json();
    const byAlias = (alias: string) => advisories.find((a: { aliases: string[] }) => a.aliases.includes(alias));
    const litellm = await (await t.request(`/advisories/${byAlias('GHSA-9xq1-fix7-0001').id}`)).json();
    expect(osvProblems(litellm)).toEqual([]);
    expect(litellm).toMatchObject({ summary: 'Compromised litellm releases exfiltrate credentials' });
    expect(litellm.database_specific).toMatchObject({ severity: 'CRITICAL', kind: 'vulnerability' });
    expect(litellm.database_specific.dependent_packs).toEqual([{ pack: 'llm-router', versions: ['1.0.0'] }]);

    const miner = await (await t.request(`/advisories/${byAlias('MAL-2026-9002').id}`)).json();
    expect(miner.database_specific).toMatchObject({ severity: 'CRITICAL', kind: 'malware' });
    expect(miner.affected[0].package.name).toBe('ultralytics');
    expect(miner.database_specific.dependent_packs).toEqual([{ pack: 'yolo-detect', versions: ['1.1.0'] }]);

    const pillow = await (await t.request(`/advisories/${byAlias('PYSEC-2026-9003').id}`)).json();
    expect(pillow.database_specific.dependent_packs).toEqual([{ pack: 'image-tools', versions: ['0.1.0'] }]);

    const numpy = byAlias('PYSEC-2026-9004');
    expect(numpy.withdrawn).toBe('2026-11-25T12:00:00.000Z');
    expect((await (await t.request('/nodes/image-tools')).json()).dependency_advisories).toEqual([
      byAlias('PYSEC-2026-9003').id,
    ]);
  });

  it('importing the same export again (here: the directory) changes nothing', async () => {
    clock.advance(60_000);
    const report = await importOsvFiles(t.services.db, await readOsvExport(EXPORT_DIR), clock.now());
    expect(report).toMatchObject({ created: [], updated: [], unchanged: 4, skipped: 1, failed: [] });
  });
});
