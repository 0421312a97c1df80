import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { adminActors, auditRows, type AdminActors } from '#test/routes/admin.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';

describe('POST/PUT /admin/advisories, POST /admin/advisories/{id}/withdraw', () => {
  let t: TestApp;
  let who: AdminActors;
  const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

  const body = (overrides: Record<string, unknown> = {}) => ({
    summary: 'Stealer in Upscaler Pack 2.1.0',
    details: 'Version 2.1.0 uploads browser cookies.',
    severity: 'CRITICAL',
    kind: 'malware',
    aliases: ['MAL-2026-1'],
    references: [{ type: 'REPORT', url: 'https://example.org/r/1' }],
    affected: [{ ecosystem: 'Nodeyard', package: 'upscaler-pack', versions: ['2.1.0'] }],
    ...overrides,
  });
  const create = (json: unknown) => t.request('/admin/advisories', { method: 'POST', token: who.admin.token, json });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    who = await adminActors(t);
    await seedNode(t.services.db, { id: 'Upscaler-Pack', versions: [{ version: '2.0.0' }, { version: '2.1.0' }] });
  });
  afterAll(() => t.close());

  it('publishes with the next NYSA id, canonical pack id, OSV shape, audited', async () => {
    const response = await create(body());
    expect(response.status).toBe(201);
    const doc = await response.json();
    expect(doc).toMatchObject({
      id: 'NYSA-2026-0001',
      published: '2026-11-20T10:00:00.000Z',
      modified: '2026-11-20T10:00:00.000Z',
      aliases: ['MAL-2026-1'],
      affected: [{ package: { ecosystem: 'Nodeyard', name: 'Upscaler-Pack' }, versions: ['2.1.0'] }],
      database_specific: { severity: 'CRITICAL', kind: 'malware' },
    });
    const [audit] = await auditRows(t, 'advisory', 'NYSA-2026-0001');
    expect(audit).toMatchObject({ actorUserId: who.admin.user.id, action: 'advisory.create', before: null });
    expect(audit!.after).toMatchObject({ kind: 'malware', affected: [{ package: 'Upscaler-Pack' }] });
  });

  it('hands out distinct ids to concurrent publishes (one counter row per year)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create(body({ summary: `concurrent ${i}`, kind: 'vulnerability' }))),
    );
    const ids = await Promise.all(answers.map(async (r) => (await r.json()).id as string));
    expect(new Set(ids).size).toBe(5);
    expect(ids.every((id) => /^NYSA-2026-000[2-6]$/.test(id))).toBe(true);
  });

  it('a PyPI entry: PEP 503 name, PEP 440 versions; a bad version or unknown pack is a 400 naming each field', async () => {
    const ok = await create(
      body({
        kind: 'vulnerability',
        severity: 'HIGH',
        affected: [{ ecosystem: 'PyPI', package: 'LiteLLM', ranges: [{ introduced: '1.82.7', fixed: '1.82.9' }] }],
      }),
    );
    expect(ok.status).toBe(201);
    expect((await ok.json()).affected).toEqual([
      {
        package: { ecosystem: 'PyPI', name: 'litellm', purl: 'pkg:pypi/litellm' },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '1.82.7' }, { fixed: '1.82.9' }] }],
      },
    ]);
    const bad = await create(
      body({
        affected: [
          { ecosystem: 'PyPI', package: 'torch', ranges: [{ introduced: 'one', fixed: '2.0', last_affected: '1.9' }] },
          { ecosystem: 'Nodeyard', package: 'no-such-pack', versions: ['1.0.0'] },
          { ecosystem: 'Nodeyard', package: 'upscaler-pack', versions: ['not-semver'] },
        ],
      }),
    );
    expect(bad.status).toBe(400);
    const error = await bad.json();
    expect(error.error).toBe('invalid_advisory');
    expect(error.details.map((d: { path: string }) => d.path)).toEqual([
      'affected.0.ranges.0.introduced',
      'affected.0.ranges.0',
      'affected.1.package',
      'affected.2.versions.0',
    ]);
    const empty = await create(body({ affected: [] }));
    expect(empty.status).toBe(400);
  });

  it('edits (modified moves, affected replaced) and withdraws once; both audited', async () => {
    clock.advance(60_000);
    const edited = await t.request('/admin/advisories/nysa-2026-0001', {
      method: 'PUT',
      token: who.admin.token,
      json: body({
        summary: 'Stealer in Upscaler Pack 2.0.0 and 2.1.0',
        affected: [{ ecosystem: 'Nodeyard', package: 'upscaler-pack', versions: ['2.0.0', '2.1.0'] }],
      }),
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      published: '2026-11-20T10:00:00.000Z',
      modified: '2026-11-20T10:01:00.000Z',
      affected: [{ versions: ['2.0.0', '2.1.0'] }],
    });
    clock.advance(60_000);
    const withdrawn = await t.request('/admin/advisories/NYSA-2026-0001/withdraw', {
      method: 'POST',
      token: who.admin.token,
    });
    expect(await withdrawn.json()).toMatchObject({
      withdrawn: '2026-11-20T10:02:00.000Z',
      modified: '2026-11-20T10:02:00.000Z',
    });
    const again = await t.request('/admin/advisories/NYSA-2026-0001/withdraw', {
      method: 'POST',
      token: who.admin.token,
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe('advisory_withdrawn');
    expect((await auditRows(t, 'advisory', 'NYSA-2026-0001')).map((row) => row.action)).toEqual([
      'advisory.create',
      'advisory.update',
      'advisory.withdraw',
    ]);
    const missing = await t.request('/admin/advisories/NYSA-2026-9999/withdraw', {
      method: 'POST',
      token: who.admin.token,
    });
    expect(missing.status).toBe(404);
  });
});
