import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, releaseNotes } from '../../db/schema/index.ts';
import { createRelease } from '../../services/releases/write-release.ts';

const SECRET = 'release-webhook-secret-0123456789';

const event = (
  overrides: { action?: string; tag?: string; body?: string | null; repo?: string; prerelease?: boolean } = {},
) => ({
  action: overrides.action ?? 'published',
  release: {
    id: 1,
    node_id: 'RE_1',
    url: 'https://api.github.com/repos/comfyanonymous/ComfyUI/releases/1',
    html_url: `https://github.com/comfyanonymous/ComfyUI/releases/tag/${overrides.tag ?? 'v0.3.50'}`,
    tag_name: overrides.tag ?? 'v0.3.50',
    target_commitish: 'master',
    name: 'ComfyUI',
    body: overrides.body === undefined ? '## New\n- faster sampling' : overrides.body,
    draft: false,
    prerelease: overrides.prerelease ?? false,
    created_at: '2026-05-30T10:00:00Z',
    published_at: '2026-05-30T11:00:00Z',
    author: { login: 'comfy', id: 1 },
    tarball_url: 'https://example.invalid/t',
    zipball_url: 'https://example.invalid/z',
    assets: [],
  },
  repository: { full_name: overrides.repo ?? 'comfyanonymous/ComfyUI' },
  sender: { login: 'comfy', id: 1 },
});

describe('POST /releases (GitHub release webhook)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { releaseWebhookSecret: SECRET } });
  });
  afterAll(() => t.close());

  const deliver = (payload: unknown, options: { event?: string; secret?: string; signature?: string } = {}) => {
    const body = JSON.stringify(payload);
    const signature =
      options.signature ??
      `sha256=${createHmac('sha256', options.secret ?? SECRET)
        .update(body)
        .digest('hex')}`;
    return t.request('/releases', {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-github-event': options.event ?? 'release',
        'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
        'x-github-hook-id': '42',
        'x-hub-signature-256': signature,
      },
    });
  };

  it('turns a published release into an English note the public read serves', async () => {
    const response = await deliver(event());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ processed: true, action: 'created' });
    const notes = await (await t.request('/releases?project=comfyui&locale=en')).json();
    expect(notes).toEqual([
      expect.objectContaining({ version: '0.3.50', attention: 'low', content: '## New\n- faster sampling' }),
    ]);
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'release.webhook_create'));
    expect(audit[0]!.after).toMatchObject({ delivery: '72d3162e-cc78-11e3-81ab-4c9367dc0958' });
  });

  it('refuses a missing or wrong signature (401) before looking at the body', async () => {
    expect((await deliver(event({ tag: 'v0.3.51' }), { secret: 'another-secret-entirely-000' })).status).toBe(401);
    expect((await deliver(event({ tag: 'v0.3.51' }), { signature: '' })).status).toBe(401);
    expect((await deliver('not even an event', { signature: 'sha256=00' })).status).toBe(401);
    expect(await t.services.db.select().from(releaseNotes).where(eq(releaseNotes.version, '0.3.51'))).toHaveLength(0);
  });

  it('updates its own note on edit, but never a note an admin wrote', async () => {
    const edited = await deliver(event({ action: 'edited', body: 'rewritten' }));
    expect(await edited.json()).toMatchObject({ processed: true, action: 'updated' });
    const admin = await insertUser(t.services.db, { isAdmin: true });
    await createRelease(t.services.db, admin, {
      project: 'comfyui',
      version: '0.3.60',
      locale: 'en',
      attention: 'high',
      content: 'written by hand',
      formFactors: [],
      publishedAt: new Date('2026-05-01T00:00:00Z'),
    });
    const clash = await deliver(event({ action: 'edited', tag: 'v0.3.60', body: 'from GitHub' }));
    expect(await clash.json()).toMatchObject({ processed: false });
    const [kept] = await t.services.db.select().from(releaseNotes).where(eq(releaseNotes.version, '0.3.60'));
    expect(kept!.content).toBe('written by hand');
  });

  it('ignores pings, prereleases and other actions; 422 for other repositories or tags that are not versions', async () => {
    expect(await (await deliver({ zen: 'Keep it logically awesome.' }, { event: 'ping' })).json()).toMatchObject({
      processed: false,
    });
    expect(await (await deliver(event({ tag: 'v0.4.0-rc1', prerelease: true }))).json()).toMatchObject({
      processed: false,
    });
    expect(await (await deliver(event({ action: 'deleted', tag: 'v0.3.70' }))).json()).toMatchObject({
      processed: false,
    });
    expect((await deliver(event({ repo: 'someone/else' }))).status).toBe(422);
    expect((await deliver(event({ tag: 'nightly' }))).status).toBe(422);
    expect((await deliver(event(), { event: 'push' })).status).toBe(400);
  });

  it('answers 503 when no secret is configured', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.request('/releases', { method: 'POST', json: event() });
      expect(response.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
