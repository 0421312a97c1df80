import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActors, type AdminActors } from '#test/routes/admin.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The cards' badge (issue 30.4): list and search answers name the active advisories that affect the version they
// list, and nothing for a pack whose listed version is fixed, a withdrawn advisory, or a Python package's advisory.

describe('latest_version_advisories on GET /nodes and /nodes/search', () => {
  let t: TestApp;
  let who: AdminActors;
  const publish = async (json: unknown) => {
    const response = await t.request('/admin/advisories', { method: 'POST', token: who.admin.token, json });
    expect(response.status).toBe(201);
    return (await response.json()).id as string;
  };
  const listed = async (path: string) => {
    const response = await t.request(path);
    expect(response.status).toBe(200);
    const { nodes } = (await response.json()) as { nodes: { id: string; latest_version_advisories?: string[] }[] };
    return Object.fromEntries(nodes.map((node) => [node.id, node.latest_version_advisories ?? null]));
  };
  let current: string;

  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
    await seedNode(t.services.db, { id: 'badged', versions: [{ version: '1.0.0' }] });
    await seedNode(t.services.db, { id: 'fixed-already', versions: [{ version: '1.0.0' }, { version: '2.0.0' }] });
    await seedNode(t.services.db, { id: 'deps-only', versions: [{ version: '1.0.0', dependencies: ['litellm'] }] });
    current = await publish({
      summary: 'Miner in 1.x',
      severity: 'CRITICAL',
      kind: 'malware',
      affected: [
        { ecosystem: 'Nodeyard', package: 'badged', ranges: [{ introduced: '0' }] },
        { ecosystem: 'Nodeyard', package: 'fixed-already', ranges: [{ introduced: '0', fixed: '2.0.0' }] },
      ],
    });
    const withdrawn = await publish({
      summary: 'Withdrawn',
      severity: 'LOW',
      kind: 'vulnerability',
      affected: [{ ecosystem: 'Nodeyard', package: 'fixed-already', versions: ['2.0.0'] }],
    });
    expect(
      (await t.request(`/admin/advisories/${withdrawn}/withdraw`, { method: 'POST', token: who.admin.token })).status,
    ).toBe(200);
    await publish({
      summary: 'litellm',
      severity: 'HIGH',
      kind: 'vulnerability',
      affected: [{ ecosystem: 'PyPI', package: 'litellm', ranges: [{ introduced: '0' }] }],
    });
    await t.syncSearch({ full: true });
  });
  afterAll(() => t.close());

  it('names them in the list answer only for the affected listed version', async () => {
    expect(await listed('/nodes?limit=50')).toEqual({ badged: [current], 'fixed-already': null, 'deps-only': null });
  });

  it('names them in search answers too', async () => {
    expect(await listed('/nodes/search?search=badged')).toMatchObject({ badged: [current] });
  });
});
