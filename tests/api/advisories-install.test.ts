import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActors, type AdminActors } from '#test/routes/admin.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Where clients meet advisories: GET /nodes/{id} carries their ids; the install endpoints name them in
// Nodeyard-Advisories and refuse a version a malware advisory covers (403 advisory_blocked), also on
// the download URL that comfy-cli and cm-cli fetch after /install.

describe('advisories on /nodes/{id}, /nodes/{id}/install and the archive download', () => {
  let t: TestApp;
  let who: AdminActors;
  const publish = async (json: unknown) => {
    const response = await t.request('/admin/advisories', { method: 'POST', token: who.admin.token, json });
    expect(response.status).toBe(201);
    return (await response.json()).id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    who = await adminActors(t);
    await seedNode(t.services.db, {
      id: 'Upscaler-Pack',
      versions: [
        { version: '2.0.0', dependencies: ['litellm==1.82.8'] },
        { version: '2.1.0', dependencies: ['litellm>=1.80'] },
      ],
    });
    await publish({
      summary: 'Stealer in 2.1.0',
      severity: 'CRITICAL',
      kind: 'malware',
      affected: [{ ecosystem: 'Nodeyard', package: 'upscaler-pack', versions: ['2.1.0'] }],
    });
    await publish({
      summary: 'XSS in the pack before 3.0.0',
      severity: 'LOW',
      kind: 'vulnerability',
      affected: [{ ecosystem: 'Nodeyard', package: 'Upscaler-Pack', ranges: [{ introduced: '0', fixed: '3.0.0' }] }],
    });
    await publish({
      summary: 'Compromised litellm',
      severity: 'CRITICAL',
      kind: 'malware',
      affected: [{ ecosystem: 'PyPI', package: 'litellm', versions: ['1.82.7', '1.82.8'] }],
    });
  });
  afterAll(() => t.close());

  it('GET /nodes/{id}: ids of the pack’s advisories and of its latest version’s dependencies', async () => {
    const response = await t.request('/nodes/upscaler-pack');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: 'Upscaler-Pack',
      advisories: ['NYSA-2026-0001', 'NYSA-2026-0002'],
      dependency_advisories: ['NYSA-2026-0003'],
    });
    expect(response.headers.get('surrogate-key')).toContain('advisories');
  });

  it('install of a malware-advisory version: 403 advisory_blocked (exact and latest), not served', async () => {
    for (const path of ['/nodes/upscaler-pack/install?version=2.1.0', '/nodes/upscaler-pack/install']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(403);
      const body = await response.json();
      expect(body.error).toBe('advisory_blocked');
      expect(body.message).toContain('NYSA-2026-0001');
    }
    const download = await t.request('/archives/Upscaler-Pack/2.1.0/node.zip');
    expect(download.status).toBe(403);
    expect((await download.json()).error).toBe('advisory_blocked');
  });

  it('install of a version with only other advisories: served, with Nodeyard-Advisories naming them', async () => {
    const response = await t.request('/nodes/upscaler-pack/install?version=2.0.0');
    expect(response.status).toBe(200);
    expect(response.headers.get('nodeyard-advisories')).toBe('NYSA-2026-0002');
    const download = await t.request('/archives/Upscaler-Pack/2.0.0/node.zip', { method: 'HEAD' });
    expect(download.headers.get('nodeyard-advisories')).toBe('NYSA-2026-0002');
  });

  it('the signed index names the advisories of each version, and a delta carries a change of them', async () => {
    const snapshot = JSON.parse(await (await t.request('/index/v1/snapshot')).text());
    const ofPack = (versions: { pack: string; version: string; advisories?: string[] }[]) =>
      versions.filter((v) => v.pack === 'Upscaler-Pack').map((v) => [v.version, v.advisories]);
    expect(ofPack(snapshot.versions)).toEqual([
      ['2.0.0', ['NYSA-2026-0002']],
      ['2.1.0', ['NYSA-2026-0001', 'NYSA-2026-0002']],
    ]);
    await t.request('/admin/advisories/NYSA-2026-0002/withdraw', { method: 'POST', token: who.admin.token });
    const delta = JSON.parse(await (await t.request(`/index/v1/changes?since=${snapshot.cursor}`)).text());
    expect(delta.packs.map((p: { id: string }) => p.id)).toEqual(['Upscaler-Pack']);
    expect(ofPack(delta.versions)).toEqual([
      ['2.0.0', undefined],
      ['2.1.0', ['NYSA-2026-0001']],
    ]);
  });

  it('a withdrawn malware advisory blocks nothing any more', async () => {
    await t.request('/admin/advisories/NYSA-2026-0001/withdraw', { method: 'POST', token: who.admin.token });
    const response = await t.request('/nodes/upscaler-pack/install?version=2.1.0');
    expect(response.status).toBe(200);
    expect(response.headers.get('nodeyard-advisories')).toBeNull();
    expect((await (await t.request('/nodes/upscaler-pack')).json()).advisories).toEqual([]);
  });
});
