import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '../../../../tests/support/authz/actors.ts';
import { insertNode, insertPublisher } from '../../../../tests/support/factories.ts';
import { insertServiceToken } from '../../../../tests/support/service-tokens.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { auditLog, nodes } from '../../db/schema/index.ts';

describe('POST /nodes/{nodeId}/translations', () => {
  let t: TestApp;
  let owner: Actor;
  let stranger: Actor;
  let service: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t);
    stranger = await signedIn(t);
    service = (await insertServiceToken(t.services.db, 'translator')).token;
    const publisher = await insertPublisher(t.services.db, { owner: owner.user });
    await insertNode(t.services.db, {
      publisherId: publisher.id,
      id: 'Lingo-Pack',
      name: 'Lingo',
      translations: { de: { name: 'Lingo DE' } },
    });
  });
  afterAll(() => t.close());

  const post = (json: unknown, token?: string, id = 'lingo-pack') =>
    t.request(`/nodes/${id}/translations`, { method: 'POST', json, ...(token ? { token } : {}) });

  it('lets the owner add locales; they merge over the stored ones and show on the node', async () => {
    const before = (await t.services.db.select().from(nodes).where(eq(nodes.id, 'Lingo-Pack')))[0]!;
    const response = await post(
      { data: { fr: { name: 'Lingo FR', description: 'Des nœuds', tags: ['ignored'] }, 'zh-Hant': { name: '語' } } },
      owner.token,
    );
    expect(response.status).toBe(201);
    const expected = {
      de: { name: 'Lingo DE' },
      fr: { name: 'Lingo FR', description: 'Des nœuds' },
      'zh-Hant': { name: '語' },
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
    const response = await post({ data: { fr: { description: '' }, de: { name: '' } } }, service);
    expect(response.status).toBe(201);
    expect((await response.json()).translations).toEqual({ fr: { name: 'Lingo FR' }, 'zh-Hant': { name: '語' } });
  });

  it('refuses strangers (403), anonymous callers (401) and unknown nodes (404)', async () => {
    expect((await post({ data: { fr: { name: 'x' } } })).status).toBe(401);
    expect((await post({ data: { fr: { name: 'x' } } }, stranger.token)).status).toBe(403);
    expect((await post({ data: { fr: { name: 'x' } } }, service, 'no-such-pack')).status).toBe(404);
  });

  it('validates locales and field sizes (400)', async () => {
    expect((await post({ data: { 'not a locale': { name: 'x' } } }, owner.token)).status).toBe(400);
    expect((await post({ data: { fr: { name: 'x'.repeat(101) } } }, owner.token)).status).toBe(400);
    expect((await post({ data: { fr: { name: 42 } } }, owner.token)).status).toBe(400);
    expect((await post({}, owner.token)).status).toBe(400);
  });
});
