import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, nodes } from '../../db/schema/index.ts';

describe('POST /nodes/{nodeId}/translations', () => {
  let t: TestApp;
  let owner: Actor;
  let stranger: Actor;
  let service: string;
  let publisherId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t);
    stranger = await signedIn(t);
    service = (await insertServiceToken(t.services.db, 'translator')).token;
    const publisher = await insertPublisher(t.services.db, { owner: owner.user });
    publisherId = publisher.id;
    await insertNode(t.services.db, {
      publisherId,
      id: 'Lingo-Pack',
      name: 'Lingo',
      translations: { ja: { name: 'リンゴ' } },
    });
  });
  afterAll(() => t.close());

  const post = (json: unknown, token?: string, id = 'lingo-pack') =>
    t.request(`/nodes/${id}/translations`, { method: 'POST', json, ...(token ? { token } : {}) });
  const storedTranslations = async (id: string) =>
    (await t.services.db.select().from(nodes).where(eq(nodes.id, id)))[0]!.translations;
  const lastAudit = async (nodeId: string) =>
    (
      await t.services.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'node.translations'), eq(auditLog.targetId, nodeId)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  it('lets the owner add locales; they merge over the stored ones and show on the node', async () => {
    const before = (await t.services.db.select().from(nodes).where(eq(nodes.id, 'Lingo-Pack')))[0]!;
    const response = await post(
      { data: { fr: { name: 'Lingo FR', description: 'Des nœuds', tags: ['ignored'] }, zh: { name: '语' } } },
      owner.token,
    );
    expect(response.status).toBe(201);
    const expected = {
      ja: { name: 'リンゴ' },
      fr: { name: 'Lingo FR', description: 'Des nœuds' },
      zh: { name: '语' },
    };
    expect(await response.json()).toMatchObject({ id: 'Lingo-Pack', translations: expected });
    const read = await (await t.request('/nodes/lingo-pack?include_translations=true')).json();
    expect(read.translations).toEqual(expected);
    const after = (await t.services.db.select().from(nodes).where(eq(nodes.id, 'Lingo-Pack')))[0]!;
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'node.translations'));
    expect(audit).toHaveLength(1);
  });

  it('lets a translation service (service token) write; "" removes a field', async () => {
    const response = await post({ data: { fr: { description: '' }, ja: { name: '' } } }, service);
    expect(response.status).toBe(201);
    expect((await response.json()).translations).toEqual({ fr: { name: 'Lingo FR' }, zh: { name: '语' } });
  });

  it('audits only the fields that changed, before → after, not two copies of every translation', async () => {
    const long = 'Une description assez longue. '.repeat(30);
    expect((await post({ data: { es: { name: 'Lingo ES', description: long } } }, owner.token)).status).toBe(201);
    expect((await post({ data: { fr: { name: 'Lingo (FR)' }, es: { description: long } } }, service)).status).toBe(201);
    const entry = await lastAudit('Lingo-Pack');
    expect(entry!.before).toEqual({ translations: { fr: { name: 'Lingo FR' } } });
    expect(entry!.after).toEqual({ translations: { fr: { name: 'Lingo (FR)' } }, caller: 'service:translator' });
    // A removal reads as the old text → null.
    expect((await post({ data: { zh: { name: '' } } }, owner.token)).status).toBe(201);
    const removal = await lastAudit('Lingo-Pack');
    expect([removal!.before, removal!.after]).toEqual([
      { translations: { zh: { name: '语' } } },
      { translations: { zh: { name: null } } },
    ]);
  });

  it('refuses strangers (403), anonymous callers (401) and unknown nodes (404)', async () => {
    expect((await post({ data: { fr: { name: 'x' } } })).status).toBe(401);
    expect((await post({ data: { fr: { name: 'x' } } }, stranger.token)).status).toBe(403);
    expect((await post({ data: { fr: { name: 'x' } } }, service, 'no-such-pack')).status).toBe(404);
  });

  it('validates field types and sizes (400)', async () => {
    expect((await post({ data: { fr: { name: 'x'.repeat(101) } } }, owner.token)).status).toBe(400);
    expect((await post({ data: { fr: { description: 'x'.repeat(2001) } } }, owner.token)).status).toBe(400);
    expect((await post({ data: { fr: { name: 42 } } }, owner.token)).status).toBe(400);
    expect((await post({}, owner.token)).status).toBe(400);
  });

  it('accepts only the registry languages: any other locale is a 400 naming it, and nothing is stored', async () => {
    const before = await storedTranslations('Lingo-Pack');
    const response = await post({ data: { fr: { name: 'ok' }, de: { name: 'Lingo DE' } } }, owner.token);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string; details: Array<{ path: string }> };
    expect(body.error).toBe('validation_error');
    expect(body.message).toContain(
      '"de" is not a locale translations are accepted in (en, zh, ja, ko, fr, es, ru, ar)',
    );
    expect(body.details.map((d) => d.path)).toEqual(['data.de']);
    expect((await post({ data: { 'zh-Hant': { name: '語' } } }, owner.token)).status).toBe(400);
    expect(await storedTranslations('Lingo-Pack')).toEqual(before);
  });

  it('answers a flood of invented locales with a short 400: five named, the rest counted', async () => {
    const data = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`qa-x${String(i).padStart(4, '0')}`, { name: 'n' }]),
    );
    const response = await post({ data }, service);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; details: unknown[] };
    expect(body.details).toHaveLength(6);
    expect(body.message).toContain('45 more locales are not accepted either');
  });

  it('bounds all of a node’s translations together: 400 translations_too_large, nothing written', async () => {
    await insertNode(t.services.db, { publisherId, id: 'big-pack' });
    const description = 'd'.repeat(2000);
    const four = { fr: { description }, es: { description }, ja: { description }, ko: { description } };
    expect((await post({ data: four }, owner.token, 'big-pack')).status).toBe(201); // exactly 8,000
    const response = await post({ data: { ru: { name: 'Большой' } } }, owner.token, 'big-pack');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('translations_too_large');
    expect(body.message).toMatch(/8007 characters of translations; at most 8000/);
    expect(Object.keys(await storedTranslations('big-pack')).sort()).toEqual(['es', 'fr', 'ja', 'ko']);
    // Shortening one makes room.
    const shorter = { fr: { description: 'court' }, ru: { name: 'Большой' } };
    expect((await post({ data: shorter }, owner.token, 'big-pack')).status).toBe(201);
  });

  it('serves only allowed locales of rows written before the policy, and the next write drops the rest (audited)', async () => {
    const flood = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`qa-x${i}`, { name: 'N'.repeat(100), description: 'D'.repeat(2000) }]),
    );
    await insertNode(t.services.db, {
      publisherId,
      id: 'old-flood',
      translations: { ...flood, de: { name: 'Alt' }, fr: { name: 'Vieux', description: 'x'.repeat(2500), extra: 1 } },
    });
    const listed = (await (await t.request('/nodes?limit=100')).json()) as {
      nodes: Array<{ id: string; translations?: object }>;
    };
    const served = listed.nodes.find((n) => n.id === 'old-flood')!.translations;
    expect(served).toEqual({ fr: { name: 'Vieux', description: 'x'.repeat(2000) } });
    expect(JSON.stringify(listed).length).toBeLessThan(20_000);

    expect((await post({ data: { ja: { name: '古い' } } }, owner.token, 'old-flood')).status).toBe(201);
    expect(Object.keys(await storedTranslations('old-flood')).sort()).toEqual(['fr', 'ja']);
    const entry = await lastAudit('old-flood');
    expect(entry!.after).toMatchObject({
      translations: { ja: { name: '古い' } },
      dropped_locales: { count: 301 },
    });
    expect((entry!.after as { dropped_locales: { first: string[] } }).dropped_locales.first).toHaveLength(20);
    expect(JSON.stringify(entry).length).toBeLessThan(2_000);
  });
});
