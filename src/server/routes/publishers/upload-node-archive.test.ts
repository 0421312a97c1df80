import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertPublisher, insertToken } from '#test/factories.ts';
import { offsetShiftAttack } from '#test/hostile-zips.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, readZip, type PackFiles } from '#test/zip.ts';
import { archives, auditLog, jobs, nodes, nodeVersions } from '../../db/schema/index.ts';

// The dashboard's zip upload: the zip's own pyproject.toml says what is published, and the version
// goes through comfy-cli's publish checks and its upload's acceptance, so it meets the same archive
// rules, scan and findings.

const CLEAN_NODES = 'class Example:\n    CATEGORY = "example"\n\nNODE_CLASS_MAPPINGS = {"Example": Example}\n';
const EVIL_NODES =
  'import base64\nexec(base64.b64decode("cHJpbnQoMSk="))\nclass Evil:\n    CATEGORY = "x"\nNODE_CLASS_MAPPINGS = {"Evil": Evil}\n';

function pyproject(publisherId: string, nodeId: string, version = '1.0.0', extra = ''): string {
  return [
    '[project]',
    `name = "${nodeId}"`,
    'description = "Makes pictures nicer"',
    `version = "${version}"`,
    'license = { text = "MIT" }',
    'dependencies = ["numpy>=1.0", "comfyui-frontend-package>=1.2.0"]',
    'classifiers = ["Operating System :: OS Independent", "Environment :: GPU :: NVIDIA CUDA"]',
    '',
    '[project.urls]',
    `Repository = "https://github.com/example/${nodeId}"`,
    '',
    '[tool.comfy]',
    `PublisherId = "${publisherId}"`,
    'DisplayName = "Nicer Pictures"',
    'Icon = ""',
    'requires-comfyui = ">=0.3.0"',
    extra,
  ].join('\n');
}

function pack(publisherId: string, nodeId: string, files: PackFiles = {}, version = '1.0.0'): Uint8Array<ArrayBuffer> {
  return buildZip({
    'pyproject.toml': pyproject(publisherId, nodeId, version),
    '__init__.py': 'from .nodes import NODE_CLASS_MAPPINGS\n',
    'nodes.py': CLEAN_NODES,
    ...files,
  });
}

describe('POST /publishers/{publisherId}/archives', () => {
  let t: TestApp;
  let s: PublisherScene;
  let unverifiedOwner: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    s = await publisherScene(t);
    unverifiedOwner = await signedIn(t, { unverified: true });
  });
  afterAll(() => t.close());

  const upload = (
    bytes: Uint8Array<ArrayBuffer>,
    token?: string,
    publisherId = s.publisher.id,
    type = 'application/zip',
  ) =>
    t.request(`/publishers/${publisherId}/archives`, {
      method: 'POST',
      body: bytes,
      headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  const versionRows = (nodeId: string) =>
    t.services.db.select().from(nodeVersions).where(eq(nodeVersions.nodeId, nodeId));

  it('publishes the node and version its pyproject.toml names, with the metadata comfy-cli would send', async () => {
    const response = await upload(pack(s.publisher.id, 'browser-pack'), s.member.token);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { node_version: Record<string, unknown> };
    expect(body.node_version).toMatchObject({
      node_id: 'browser-pack',
      version: '1.0.0',
      status: 'NodeVersionStatusPending',
      dependencies: ['numpy>=1.0'],
      supported_os: ['OS Independent'],
      supported_accelerators: ['GPU :: NVIDIA CUDA'],
      supported_comfyui_version: '>=0.3.0',
      supported_comfyui_frontend_version: '>=1.2.0',
    });
    const [node] = await t.services.db.select().from(nodes).where(eq(nodes.id, 'browser-pack'));
    expect(node).toMatchObject({
      publisherId: s.publisher.id,
      name: 'Nicer Pictures',
      description: 'Makes pictures nicer',
      license: '{"text":"MIT"}',
      repository: 'https://github.com/example/browser-pack',
    });
    // The publish record names the member who uploaded, and no token.
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'node_version.publish'), eq(auditLog.targetId, body.node_version['id'] as string)),
      );
    expect(entry).toMatchObject({ actorUserId: s.member.user.id, actorKind: 'user' });
    expect(entry!.after).toMatchObject({ via: 'dashboard_upload' });
  });

  it('stores the zip byte for byte and queues the same scan as a comfy-cli upload: a clean pack becomes Active', async () => {
    const bytes = pack(s.publisher.id, 'clean-upload');
    expect((await upload(bytes, s.owner.token)).status).toBe(201);
    const [version] = await versionRows('clean-upload');
    const [archive] = await t.services.db.select().from(archives).where(eq(archives.id, version!.archiveId!));
    expect(archive!.uploadedAt).not.toBeNull();
    expect(readZip((await t.services.storage.get(archive!.key))!)).toEqual(readZip(bytes));
    const queued = await t.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'version.scan'), eq(jobs.status, 'queued')));
    expect(queued.map((job) => job.payload)).toContainEqual({ versionId: version!.id });
    await t.runJobs();
    const [scanned] = await versionRows('clean-upload');
    expect(scanned!.status).toBe('NodeVersionStatusActive');
  });

  it('holds a malicious pack as Flagged with its findings, as it would a comfy-cli upload', async () => {
    const response = await upload(pack(s.publisher.id, 'evil-upload', { 'nodes.py': EVIL_NODES }), s.owner.token);
    expect(response.status).toBe(201);
    await t.runJobs();
    const findings = await t.request(`/publishers/${s.publisher.id}/nodes/evil-upload/versions/1.0.0/findings`, {
      token: s.owner.token,
    });
    expect(findings.status).toBe(200);
    const data = (await findings.json()) as { status: string; findings: { rule_id: string; file: string }[] };
    expect(data.status).toBe('NodeVersionStatusFlagged');
    expect(data.findings.length).toBeGreaterThan(0);
    expect(data.findings.map((finding) => finding.file)).toContain('nodes.py');
  });

  it('publishes with a personal access token of the publisher (comfy node pack + curl)', async () => {
    const { token } = await insertToken(t.services.db, s.publisher, { name: 'ci', createdBy: s.owner.user.id });
    const response = await upload(pack(s.publisher.id, 'token-upload'), token);
    expect(response.status).toBe(201);
    const [version] = await versionRows('token-upload');
    const [entry] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'node_version.publish'), eq(auditLog.targetId, version!.id)));
    expect(entry).toMatchObject({ actorUserId: s.owner.user.id, actorKind: 'token' });
    expect(entry!.after).toHaveProperty('accessKey');
  });

  it('refuses a file that is not a zip with the archive rule, and writes nothing', async () => {
    const response = await upload(new TextEncoder().encode('definitely not a zip'), s.owner.token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'invalid_archive',
      details: [{ rule: 'not-a-zip' }],
    });
  });

  it('refuses an unsafe entry path naming the entry, and writes nothing', async () => {
    const response = await upload(pack(s.publisher.id, 'unsafe-upload', { '../escape.py': 'x = 1\n' }), s.owner.token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'invalid_archive',
      details: [{ rule: 'unsafe-path', path: '../escape.py' }],
    });
    expect(await t.services.db.select().from(nodes).where(eq(nodes.id, 'unsafe-upload'))).toEqual([]);
  });

  it('refuses an ambiguous zip with the same code as the upload URL does', async () => {
    const attack = new Uint8Array(offsetShiftAttack());
    const viaUpload = await upload(attack, s.owner.token);
    expect(viaUpload.status).toBe(400);
    const { token } = await insertToken(t.services.db, s.publisher, { name: 'cli', createdBy: s.owner.user.id });
    const published = await t.request(`/publishers/${s.publisher.id}/nodes/shift-pack/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(token, 'shift-pack', '1.0.0'),
    });
    const { signedUrl } = (await published.json()) as { signedUrl: string };
    const viaUrl = await t.request(signedUrl, {
      method: 'PUT',
      body: attack,
      headers: { 'content-type': 'application/zip' },
    });
    const [a, b] = (await Promise.all([viaUpload.json(), viaUrl.json()])) as { error: string }[];
    expect(a!.error).toBe('archive_ambiguous');
    expect(b!.error).toBe(a!.error);
  });

  it('says where pyproject.toml is missing or nested', async () => {
    const missing = await upload(buildZip({ '__init__.py': '' }), s.owner.token);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'pyproject_missing' });
    const nested = await upload(
      buildZip({ 'my-pack/pyproject.toml': pyproject(s.publisher.id, 'nested'), 'my-pack/__init__.py': '' }),
      s.owner.token,
    );
    expect(await nested.json()).toMatchObject({
      error: 'pyproject_missing',
      details: [{ path: 'my-pack/pyproject.toml' }],
    });
  });

  it('names the line of a TOML error and the key of a missing or mistyped field', async () => {
    const broken = await upload(buildZip({ 'pyproject.toml': '[project]\nname = "x"\nversion = \n' }), s.owner.token);
    expect(await broken.json()).toMatchObject({ error: 'pyproject_invalid', details: [{ path: 'pyproject.toml:3' }] });
    const noVersion = await upload(
      buildZip({ 'pyproject.toml': '[project]\nname = "x"\n[tool.comfy]\nPublisherId = "p"\n' }),
      s.owner.token,
    );
    expect(await noVersion.json()).toMatchObject({
      error: 'pyproject_field_invalid',
      details: [{ path: 'project.version', code: 'required' }],
    });
    const wrongType = await upload(
      buildZip({ 'pyproject.toml': pyproject(s.publisher.id, 'typed').replace('version = "1.0.0"', 'version = 1') }),
      s.owner.token,
    );
    expect(await wrongType.json()).toMatchObject({
      error: 'pyproject_field_invalid',
      details: [{ path: 'project.version', code: 'invalid_format' }],
    });
  });

  it('refuses a pyproject.toml that names another publisher', async () => {
    const response = await upload(pack('someone-else', 'mismatch-pack'), s.owner.token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'publisher_id_mismatch',
      details: [{ path: 'tool.comfy.PublisherId', message: 'someone-else' }],
    });
  });

  it('holds pyproject metadata to the limits of comfy-cli’s body', async () => {
    const long = pyproject(s.publisher.id, 'long-pack').replace(
      'description = "Makes pictures nicer"',
      `description = "${'x'.repeat(10_001)}"`,
    );
    const response = await upload(buildZip({ 'pyproject.toml': long }), s.owner.token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'validation_error',
      details: [{ path: 'node.description', code: 'too_long' }],
    });
  });

  it('applies comfy-cli’s version rules: an existing version is refused', async () => {
    expect((await upload(pack(s.publisher.id, 'twice-pack'), s.owner.token)).status).toBe(201);
    const again = await upload(pack(s.publisher.id, 'twice-pack'), s.owner.token);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'version_exists' });
    expect(await versionRows('twice-pack')).toHaveLength(1);
  });

  it('takes zips larger than the API’s default 1 MiB body cap, up to the archive limit', async () => {
    // Random bytes do not compress: the zip is about as large as the file in it.
    const blob = Uint8Array.from({ length: 2 * 1024 * 1024 }, () => Math.floor(Math.random() * 256));
    const response = await upload(pack(s.publisher.id, 'large-pack', { 'assets/model.bin': blob }), s.owner.token);
    expect(response.status).toBe(201);
  });

  it('caps the size like the upload URL (413) and wants a zip content type (415)', async () => {
    const big = new Uint8Array(t.services.config.maxArchiveBytes + 1);
    const tooBig = await upload(big, s.owner.token);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ error: 'payload_too_large' });
    const wrongType = await upload(pack(s.publisher.id, 'typed-pack'), s.owner.token, s.publisher.id, 'text/plain');
    expect(wrongType.status).toBe(415);
  });

  it('needs a verified address, like creating a publishing token', async () => {
    const own = await insertPublisher(t.services.db, { owner: unverifiedOwner.user });
    const response = await upload(pack(own.id, 'unverified-pack'), unverifiedOwner.token, own.id);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'email_not_verified' });
  });
});
