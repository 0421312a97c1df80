import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActors, type AdminActors } from '#test/routes/admin.ts';
import { seedNode, type SeededNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { loadNodeSecurity } from './load-node-security.ts';

// What the node page's Security section lists: the pack's own advisories with the shown version marked when
// affected, those of the Python packages the shown version declares, and never a withdrawn one.

describe('loadNodeSecurity', () => {
  let t: TestApp;
  let who: AdminActors;
  let pack: SeededNode;
  const publish = async (json: unknown) => {
    const response = await t.request('/admin/advisories', { method: 'POST', token: who.admin.token, json });
    expect(response.status).toBe(201);
    return (await response.json()).id as string;
  };
  const shown = (index: number) => ({ id: pack.versions[index]!.id, version: pack.versions[index]!.version });

  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
    pack = await seedNode(t.services.db, {
      id: 'sec-pack',
      versions: [
        { version: '1.0.0', dependencies: ['litellm>=1.80', 'numpy'] },
        { version: '2.0.0', dependencies: ['litellm<1.0'] },
      ],
    });
    await publish({
      summary: 'Stealer before 2.0.0',
      severity: 'CRITICAL',
      kind: 'malware',
      affected: [{ ecosystem: 'Nodeyard', package: 'SEC-PACK', ranges: [{ introduced: '0', fixed: '2.0.0' }] }],
    });
    await publish({
      summary: 'Compromised litellm',
      severity: 'HIGH',
      kind: 'vulnerability',
      affected: [{ ecosystem: 'PyPI', package: 'litellm', ranges: [{ introduced: '1.82.7', fixed: '1.82.9' }] }],
    });
    const withdrawn = await publish({
      summary: 'A mistake',
      severity: 'LOW',
      kind: 'vulnerability',
      affected: [{ ecosystem: 'Nodeyard', package: 'sec-pack', versions: ['1.0.0'] }],
    });
    const response = await t.request(`/admin/advisories/${withdrawn}/withdraw`, {
      method: 'POST',
      token: who.admin.token,
    });
    expect(response.status).toBe(200);
  });
  afterAll(() => t.close());

  it('lists the pack advisory (shown version affected) and the dependency one, not the withdrawn one', async () => {
    const security = await loadNodeSecurity(t.services.db, { id: 'sec-pack' }, shown(0));
    expect(security.shownVersion).toBe('1.0.0');
    expect(security.entries).toEqual([
      expect.objectContaining({
        summary: 'Stealer before 2.0.0',
        severity: 'CRITICAL',
        kind: 'malware',
        about: 'pack',
        package: 'sec-pack',
        ranges: [{ introduced: '0', fixed: '2.0.0' }],
        fixed: ['2.0.0'],
        affectsShown: true,
      }),
      expect.objectContaining({
        summary: 'Compromised litellm',
        about: 'dependency',
        package: 'litellm',
        requirement: 'litellm>=1.80',
        fixed: ['1.82.9'],
        affectsShown: true,
      }),
    ]);
  });

  it('does not mark a fixed version, and skips a dependency whose declared range admits no affected release', async () => {
    const security = await loadNodeSecurity(t.services.db, { id: 'sec-pack' }, shown(1));
    expect(security.entries.map((entry) => [entry.summary, entry.affectsShown])).toEqual([
      ['Stealer before 2.0.0', false],
    ]);
  });

  it('matches the dependencies the caller passes (the node page has them) without reading them again', async () => {
    // Version 2.0.0 declares litellm<1.0 in the database; the list given here is what is matched.
    const security = await loadNodeSecurity(
      t.services.db,
      { id: 'sec-pack' },
      { ...shown(1), dependencies: ['litellm>=1.80'] },
    );
    expect(security.entries.map((entry) => [entry.summary, entry.requirement])).toEqual([
      ['Stealer before 2.0.0', null],
      ['Compromised litellm', 'litellm>=1.80'],
    ]);
  });
});
