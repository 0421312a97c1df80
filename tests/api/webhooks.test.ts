import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  jobs,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../src/server/db/schema/index.ts';
import { emitWebhookEvent, WEBHOOK_DELIVER_JOB } from '../../src/server/services/webhooks/emit-event.ts';
import { decryptEndpointSecret, encryptEndpointSecret } from '../../src/server/services/webhooks/endpoint-secret.ts';
import { sendWebhook } from '../../src/server/services/webhooks/send-webhook.ts';
import { verifySignatureHeader } from '../../src/server/services/webhooks/signature.ts';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { buildZip } from '#test/zip.ts';
import { buildRawZip } from '#test/zip-builder.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { recheckActiveArchives } from '../../src/server/services/archives/recheck-archives.ts';
import { pyprojectToml } from '../../src/lib/publish/publish-commands.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';

// Publisher webhooks end to end: a receiver this file starts on 127.0.0.1 (allowed only through the
// app's test-only `webhookAllowLoopback`), real signing, the real job queue and worker.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver that records every request and answers `status()` (200 unless a test says otherwise). */
function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(status).end();
    });
  });
  return {
    received,
    answer: (next: number) => (status = next),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('webhooks', () => {
  let t: TestApp;
  let owner: Actor;
  let publisherId: string;
  let receiverUrl: string;
  const clock = fixedClock(new Date('2026-11-01T10:00:00Z'));
  const receiver = startReceiver();

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { webhookAllowLoopback: true } });
    owner = await signedIn(t);
    publisherId = (await insertPublisher(t.services.db, { owner: owner.user })).id;
    receiverUrl = await receiver.listen();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const register = async (url: string, events: string[]) =>
    t.request(`/publishers/${publisherId}/webhooks`, { method: 'POST', token: owner.token, json: { url, events } });
  const list = async () =>
    (await (await t.request(`/publishers/${publisherId}/webhooks`, { token: owner.token })).json()) as {
      id: string;
      last_delivery: { status: string; attempts: number; response_status: number | null; error: string | null } | null;
    }[];
  const deliveryJobs = () => t.services.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_DELIVER_JOB.name));
  const nowSec = () => Math.floor(clock.now().getTime() / 1000);

  let endpointId: string;
  let secret: string;

  it('registers an endpoint: the secret is answered once, stored encrypted, never listed nor audited', async () => {
    const response = await register(`${receiverUrl}/hook`, ['version.published', 'version.active', 'version.flagged']);
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; secret: string; secret_prefix: string };
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.secret_prefix)).toBe(true);
    endpointId = created.id;
    secret = created.secret;

    const listed = JSON.stringify(await list());
    expect(listed).toContain(endpointId);
    expect(listed).not.toContain(secret);
    const [row] = await t.services.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(row!.secretCiphertext).not.toContain(secret.slice(6));
    expect(decryptEndpointSecret(row!.secretCiphertext, endpointId, t.services.config.signingSecret)).toBe(secret);
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.create'), eq(auditLog.targetId, endpointId)));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain(secret.slice(6));
  });

  it('binds a stored secret to its endpoint: the ciphertext of one does not decrypt as another', () => {
    const sealed = encryptEndpointSecret('whsec_x', '00000000-0000-4000-8000-000000000001', 'server-secret');
    expect(decryptEndpointSecret(sealed, '00000000-0000-4000-8000-000000000001', 'server-secret')).toBe('whsec_x');
    expect(decryptEndpointSecret(sealed, '00000000-0000-4000-8000-000000000002', 'server-secret')).toBeNull();
    expect(decryptEndpointSecret(sealed, '00000000-0000-4000-8000-000000000001', 'another-secret')).toBeNull();
  });

  it('refuses endpoints on private, loopback-named, link-local and plain-http addresses (400 webhook_url_refused)', async () => {
    for (const url of [
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:172.16.0.1]/hook',
      'https://[fd00::1]/hook',
      'http://hooks.example.com/hook',
      'https://user:pass@hooks.example.com/hook',
      'ftp://hooks.example.com/hook',
    ]) {
      const response = await register(url, ['version.active']);
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { error: string }).error, url).toBe('webhook_url_refused');
    }
    const unknownEvent = await register('https://hooks.example.com/hook', ['version.exploded']);
    expect(unknownEvent.status).toBe(400);
  });

  it('delivers the subscribed events in order, each signed over its timestamp and body', async () => {
    const db = t.services.db;
    await db.transaction(async (tx) => {
      await emitWebhookEvent(tx, { publisherId, type: 'version.published', data: { node_id: 'n', version: '1.0.0' } });
      await emitWebhookEvent(tx, { publisherId, type: 'token.created', data: { token_id: 'not subscribed' } });
      await emitWebhookEvent(tx, { publisherId, type: 'version.active', data: { node_id: 'n', version: '1.0.0' } });
    });
    await emitWebhookEvent(db, {
      publisherId,
      type: 'version.flagged',
      data: { node_id: 'n', version: '1.1.0', findings: [{ rule_id: 'exec-download', file: 'x.py', line: 3 }] },
    });
    expect(await t.runJobs()).toBe(3);

    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual([
      'version.published',
      'version.active',
      'version.flagged',
    ]);
    for (const { headers, body } of receiver.received) {
      const header = String(headers['nodeyard-signature']);
      expect(header).toMatch(new RegExp(`^t=${nowSec()},v1=[0-9a-f]{64}$`));
      expect(verifySignatureHeader(header, secret, body, nowSec())).toBe(true);
      // One changed byte, or a replay an hour later, no longer verifies.
      expect(verifySignatureHeader(header, secret, body.replace('1.', '2.'), nowSec())).toBe(false);
      expect(verifySignatureHeader(header, secret, body, nowSec() + 3600)).toBe(false);
      expect(headers['nodeyard-event']).toBe(JSON.parse(body).type);
      expect(headers['nodeyard-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(JSON.parse(receiver.received[2]!.body)).toMatchObject({
      publisher_id: publisherId,
      data: { findings: [{ rule_id: 'exec-download', file: 'x.py', line: 3 }] },
    });
    const [listed] = await list();
    expect(listed!.last_delivery).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
      error: null,
    });
  });

  it('writes nothing for a publisher whose endpoints do not want the event', async () => {
    const quiet = await insertPublisher(t.services.db);
    const emitted = await emitWebhookEvent(t.services.db, { publisherId: quiet.id, type: 'version.active', data: {} });
    expect(emitted).toEqual({ eventId: null, deliveries: 0 });
    const unwanted = await emitWebhookEvent(t.services.db, { publisherId, type: 'node.unbanned', data: {} });
    expect(unwanted).toEqual({ eventId: null, deliveries: 0 });
    expect(await t.services.db.select().from(webhookEvents).where(eq(webhookEvents.publisherId, quiet.id))).toEqual([]);
  });

  it('sends nothing for an event whose transaction rolls back', async () => {
    const before = (await deliveryJobs()).length;
    await t.services.db
      .transaction(async (tx) => {
        await emitWebhookEvent(tx, { publisherId, type: 'version.active', data: {} });
        throw new Error('the publish failed');
      })
      .catch(() => {});
    expect((await deliveryJobs()).length).toBe(before);
  });

  it('retries a failing receiver with the queue backoff, then records the success', async () => {
    receiver.received.length = 0;
    receiver.answer(503);
    await emitWebhookEvent(t.services.db, { publisherId, type: 'version.active', data: { version: '2.0.0' } });
    expect(await t.runJobs()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [waiting] = (await deliveryJobs()).filter((job) => job.status === 'queued');
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'the endpoint answered 503' });
    // Backed off (5 s for the first retry), so not due again yet.
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now() + 2_000);
    expect(await t.runJobs()).toBe(0);
    expect((await list())[0]!.last_delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: 503 });

    // The backoff passes (the queue's time is the database's: move the job instead of sleeping).
    receiver.answer(200);
    clock.advance(5_000);
    await t.services.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, waiting!.id));
    expect(await t.runJobs()).toBe(1);
    expect(receiver.received).toHaveLength(2);
    // The retry is the same event (same id and body), signed afresh at the new time.
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received[1]!.headers['nodeyard-signature']).toMatch(new RegExp(`^t=${nowSec()},`));
    expect((await list())[0]!.last_delivery).toMatchObject({ status: 'succeeded', attempts: 2, response_status: 200 });
  });

  it('gives up after the last attempt and lists the delivery as failed', async () => {
    receiver.answer(500);
    await emitWebhookEvent(t.services.db, { publisherId, type: 'version.active', data: { version: '3.0.0' } });
    const [queued] = (await deliveryJobs()).filter((job) => job.status === 'queued');
    await t.services.db
      .update(jobs)
      .set({ attempts: queued!.maxAttempts - 1 })
      .where(eq(jobs.id, queued!.id));
    expect(await t.runJobs()).toBe(1);
    receiver.answer(200);
    expect((await list())[0]!.last_delivery).toMatchObject({ status: 'failed', response_status: 500 });
  });

  it('never connects to a private address: refused at registration, at delivery, and after DNS', async () => {
    // A row that slipped past registration (or a policy that got stricter) is refused when sent.
    const [privateEndpoint] = await t.services.db
      .insert(webhookEndpoints)
      .values({
        publisherId,
        url: 'https://10.0.0.7/hook',
        events: ['node.banned'],
        secretCiphertext: 'v1.x.y',
        secretPrefix: 'whsec_xxxx',
      })
      .returning();
    await emitWebhookEvent(t.services.db, { publisherId, type: 'node.banned', data: { node_id: 'n' } });
    receiver.received.length = 0;
    await t.runJobs();
    const [delivery] = await t.services.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, privateEndpoint!.id));
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect(delivery!.lastError).toMatch(/^refused: 10\.0\.0\.7 is a private/);

    // A host name is judged on what DNS answers: localhost resolves to loopback, refused without the test switch.
    const port = new URL(receiverUrl).port;
    const outcome = await sendWebhook({
      url: new URL(`http://localhost:${port}/hook`),
      body: '{}',
      headers: {},
      allowLoopback: false,
      timeoutMs: 5_000,
    });
    expect(outcome.kind).toBe('refused');
    expect(receiver.received).toHaveLength(0);
    await t.services.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, privateEndpoint!.id));
  });

  it('pings one endpoint on request, and drops queued deliveries of a removed endpoint', async () => {
    receiver.received.length = 0;
    const ping = await t.request(`/publishers/${publisherId}/webhooks/${endpointId}/ping`, {
      method: 'POST',
      token: owner.token,
    });
    expect(ping.status).toBe(202);
    expect(await t.runJobs()).toBe(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'webhook.ping',
      data: { endpoint_id: endpointId },
    });

    await emitWebhookEvent(t.services.db, { publisherId, type: 'version.active', data: {} });
    const removed = await t.request(`/publishers/${publisherId}/webhooks/${endpointId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    expect(await t.runJobs()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(await list()).toEqual([]);
    const audits = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, endpointId));
    expect(audits.map((row) => row.action).sort()).toEqual(['webhook.create', 'webhook.delete', 'webhook.ping']);
  });

  it('hears what happens to the publisher: a token, a publish, the scan verdict with findings, bans', async () => {
    const all = await register(`${receiverUrl}/all`, [
      'token.created',
      'version.published',
      'version.active',
      'version.flagged',
      'version.banned',
      'node.banned',
      'node.unbanned',
    ]);
    const allSecret = ((await all.json()) as { secret: string }).secret;
    receiver.received.length = 0;
    const admin = await signedIn(t, { admin: true });

    const created = await t.request(`/publishers/${publisherId}/tokens`, {
      method: 'POST',
      token: owner.token,
      json: { name: 'ci' },
    });
    const { token } = (await created.json()) as { token: string };
    const zip = buildZip({
      'pyproject.toml': pyprojectToml(publisherId, 'hooked-pack'),
      '__init__.py': 'from .nodes import NODE_CLASS_MAPPINGS\n',
      'nodes.py':
        'import base64\nexec(base64.b64decode("cHJpbnQoMSk="))\nclass Evil:\n    CATEGORY = "x"\nNODE_CLASS_MAPPINGS = {"Evil": Evil}\n',
    });
    const upload = await t.request(`/publishers/${publisherId}/archives`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/zip' },
      body: zip,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    await t.runJobs(); // the scan (Flagged), then the deliveries it queued
    const moderate = (path: string, json: unknown) => t.request(path, { method: 'PUT', token: admin.token, json });
    expect(
      (
        await moderate('/admin/nodes/hooked-pack/versions/1.0.0', {
          status: 'NodeVersionStatusBanned',
          status_reason: 'malware',
        })
      ).status,
    ).toBe(200);
    expect((await moderate('/admin/nodes/hooked-pack', { status: 'NodeStatusBanned' })).status).toBe(200);
    expect((await moderate('/admin/nodes/hooked-pack', { status: 'NodeStatusActive' })).status).toBe(200);
    await t.runJobs();

    const events = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((event) => event.type)).toEqual([
      'token.created',
      'version.published',
      'version.flagged',
      'version.banned',
      'node.banned',
      'node.unbanned',
    ]);
    for (const { headers, body } of receiver.received) {
      expect(verifySignatureHeader(String(headers['nodeyard-signature']), allSecret, body, nowSec())).toBe(true);
    }
    expect(events[0]!.data).not.toHaveProperty('token');
    expect(JSON.stringify(events[0])).not.toContain(token);
    expect(events[2]!.data).toMatchObject({
      node_id: 'hooked-pack',
      version: '1.0.0',
      status: 'NodeVersionStatusFlagged',
    });
    const findings = events[2]!.data['findings'] as { rule_id: string; file: string; line: number | null }[];
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((finding) => finding.rule_id && finding.file === 'nodes.py')).toBe(true);
    expect(events[3]!.data).toMatchObject({ status: 'NodeVersionStatusBanned', status_reason: 'malware' });
  });

  it('tells the owners when a trusted publisher is added or removed (who may publish from CI)', async () => {
    const hook = await register(`${receiverUrl}/trusted`, ['trusted_publisher.changed']);
    const hookSecret = ((await hook.json()) as { secret: string }).secret;
    receiver.received.length = 0;
    const added = await t.request(`/publishers/${publisherId}/trusted-publishers`, {
      method: 'POST',
      token: owner.token,
      json: { node_id: 'ci-only-pack', repository: 'acme/ci-only-pack', workflow: 'publish.yml' },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const removed = await t.request(`/publishers/${publisherId}/trusted-publishers/${id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(removed.status).toBeLessThan(300);
    await t.runJobs();

    const trusted = receiver.received.filter((r) => r.path === '/trusted');
    const events = trusted.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((event) => [event.type, event.data['change']])).toEqual([
      ['trusted_publisher.changed', 'added'],
      ['trusted_publisher.changed', 'removed'],
    ]);
    for (const event of events) {
      expect(event.data).toMatchObject({
        trusted_publisher_id: id,
        node_id: 'ci-only-pack',
        repository: 'acme/ci-only-pack',
        workflow: 'publish.yml',
        changed_by: owner.user.id,
      });
    }
    for (const { headers, body } of trusted) {
      expect(verifySignatureHeader(String(headers['nodeyard-signature']), hookSecret, body, nowSec())).toBe(true);
    }
  });

  it('tells the owners of each pack a publisher ban takes down, and of each its lifting restores', async () => {
    const other = await signedIn(t);
    const bannedPublisher = await insertPublisher(t.services.db, { owner: other.user });
    const hook = await t.request(`/publishers/${bannedPublisher.id}/webhooks`, {
      method: 'POST',
      token: other.token,
      json: { url: `${receiverUrl}/publisher-ban`, events: ['node.banned', 'node.unbanned'] },
    });
    expect(hook.status).toBe(201);
    const [first, second] = [
      await insertNode(t.services.db, { publisherId: bannedPublisher.id }),
      await insertNode(t.services.db, { publisherId: bannedPublisher.id }),
    ];
    const admin = await signedIn(t, { admin: true });
    receiver.received.length = 0;
    const post = (path: string) => t.request(path, { method: 'POST', token: admin.token });
    expect((await post(`/publishers/${bannedPublisher.id}/ban`)).status).toBe(204);
    expect((await post(`/publishers/${bannedPublisher.id}/unban`)).status).toBe(204);
    await t.runJobs();

    const events = receiver.received
      .filter((r) => r.path === '/publisher-ban')
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    const ids = [first!.id, second!.id].sort();
    expect(events.map((event) => [event.type, event.data['node_id'], event.data['because']])).toEqual([
      ...ids.map((id) => ['node.banned', id, 'publisher_banned']),
      ...ids.map((id) => ['node.unbanned', id, 'publisher_unbanned']),
    ]);
  });

  it('tells the owners when the archive recheck takes an Active version out of circulation', async () => {
    const hook = await register(`${receiverUrl}/recheck`, ['version.flagged']);
    const hookSecret = ((await hook.json()) as { secret: string }).secret;
    const node = await insertNode(t.services.db, { publisherId });
    // Bytes before the first entry: accepted by an old reader, refused by today's archive rules.
    const bytes = buildRawZip([{ name: '__init__.py', data: '# x\n' }], { prefix: new TextEncoder().encode('junk') });
    await insertUploadedVersion(t.services, { publisherId, nodeId: node.id, version: '1.0.0', bytes });
    receiver.received.length = 0;
    expect((await recheckActiveArchives(t.services)).flagged.length).toBeGreaterThan(0);
    await t.runJobs();
    const flagged = receiver.received.filter((r) => r.path === '/recheck');
    expect(flagged).toHaveLength(1);
    expect(
      verifySignatureHeader(String(flagged[0]!.headers['nodeyard-signature']), hookSecret, flagged[0]!.body, nowSec()),
    ).toBe(true);
    expect(JSON.parse(flagged[0]!.body)).toMatchObject({
      data: { node_id: node.id, version: '1.0.0', findings: [{ rule_id: expect.any(String) as unknown }] },
    });
  });
});
