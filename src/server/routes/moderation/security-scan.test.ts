import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { signUp, uniqueEmail } from '#test/firebase-emulator.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { jobs, nodeVersions } from '../../db/schema/index.ts';
import { parseGoDuration } from './go-duration.ts';

describe('GET /security-scan', () => {
  let t: TestApp;
  let serviceToken: string;
  let versionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    serviceToken = (await insertServiceToken(t.services.db, 'scan-trigger')).token;
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'forgotten-pack' });
    // A Pending version whose scan job was lost.
    versionId = (
      await insertUploadedVersion(t.services, {
        publisherId: publisher.id,
        nodeId: 'forgotten-pack',
        version: '1.0.0',
        bytes: buildZip(samplePackFiles()),
        status: 'NodeVersionStatusPending',
      })
    ).id;
  });
  afterAll(() => t.close());

  it('answers 401 anonymous and 403 to a signed-in non-admin', async () => {
    expect((await t.request('/security-scan')).status).toBe(401);
    const user = await signUp({ email: uniqueEmail() });
    const response = await t.request('/security-scan', { token: user.idToken });
    expect(response.status).toBe(403);
  });

  it('rejects a malformed duration with 400', async () => {
    const response = await t.request('/security-scan?minAge=soon', { token: serviceToken });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/minAge must be a duration/);
  });

  it('respects minAge: a version younger than it is left alone', async () => {
    const response = await t.request('/security-scan?minAge=1h', { token: serviceToken });
    expect(await response.json()).toEqual({ queued: 0, accepted: 0, scanned: 0 });
  });

  it('queues a scan for a forgotten Pending version (service token), once', async () => {
    const response = await t.request('/security-scan?minAge=0s&maxNodes=10', { token: serviceToken });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ queued: 1, accepted: 0, scanned: 0 });
    const again = await t.request('/security-scan', { token: serviceToken });
    expect(await again.json()).toEqual({ queued: 0, accepted: 0, scanned: 0 });
    expect(await t.services.db.select().from(jobs).where(eq(jobs.kind, 'version.scan'))).toHaveLength(1);
  });

  it('with wait=true an admin gets the scans run before the answer', async () => {
    await t.services.db.delete(jobs);
    const admin = await signUp({ email: uniqueEmail(), emailVerified: true });
    await insertUser(t.services.db, { id: admin.uid, email: admin.email, isAdmin: true });
    const response = await t.request('/security-scan?wait=true', { token: admin.idToken });
    expect(await response.json()).toEqual({ queued: 1, accepted: 0, scanned: 1 });
    const [row] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.id, versionId));
    expect(row!.status).toBe('NodeVersionStatusActive');
  });
});

describe('parseGoDuration', () => {
  it('reads Go durations and refuses anything else', () => {
    expect(parseGoDuration('30m')).toBe(1_800_000);
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('')).toBeNull();
    expect(parseGoDuration('5 minutes')).toBeNull();
    expect(parseGoDuration('10x')).toBeNull();
  });
});
