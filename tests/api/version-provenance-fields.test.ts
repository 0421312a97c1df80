import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { signedIn } from '#test/authz/actors.ts';
import { insertToken } from '#test/factories.ts';
import { githubActionsClaims, startOidcIssuer, type OidcIssuer } from '#test/oidc-issuer.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
// After test-app: the index formats' zod must be the one @hono/zod-openapi extended first.
import { IndexDeltaSchema, IndexSnapshotSchema } from '../../src/server/index-protocol/format.ts';

// Issues 28.6 and 30.5 on the version lists and the signed index: each version says how it was published
// (the CI source with trusted publishing, a personal access token otherwise) and whether reports
// quarantined it. Real publishes: an OIDC issuer on 127.0.0.1 for the trusted one, a classic token for
// the others, and a trusted reporter's report for the quarantine. In tests/api: the provenance query
// (a left join and a jsonb subquery on the audit log) runs on both databases.

const REPO = 'octo-org/comfyui-example';

describe('provenance and quarantine on NodeVersion and in the index', () => {
  const clock = fixedClock();
  let t: TestApp;
  let s: PublisherScene;
  let issuer: OidcIssuer;
  /** The index cursor before the quarantine, to read the delta that carries it. */
  let cursorBeforeQuarantine: string;

  const json = async (path: string) => {
    const response = await t.request(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const versionsOf = async (nodeId: string) =>
    (await json(`/nodes/${nodeId}/versions`)) as unknown as Record<string, unknown>[];
  const snapshot = async () => IndexSnapshotSchema.parse(await json('/index/v1/snapshot'));

  async function publishAndUpload(nodeId: string, token: string) {
    const published = await t.request(`/publishers/${s.publisher.id}/nodes/${nodeId}/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(token, nodeId, '1.0.0'),
    });
    expect(published.status).toBe(201);
    const { signedUrl } = (await published.json()) as { signedUrl: string };
    const upload = await t.request(signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      body: buildZip(samplePackFiles(nodeId)),
    });
    expect(upload.status).toBe(200);
  }

  beforeAll(async () => {
    issuer = await startOidcIssuer(clock);
    t = await createTestApp({
      clock,
      config: {
        trustedPublishing: { issuers: [{ issuer: issuer.url, jwksUrl: issuer.jwksUrl }], audience: 'nodeyard' },
      },
    });
    s = await publisherScene(t);
    const registered = await t.request(`/publishers/${s.publisher.id}/trusted-publishers`, {
      method: 'POST',
      token: s.owner.token,
      json: { repository: REPO, workflow: 'publish.yml', node_id: 'ci-pack' },
    });
    expect(registered.status).toBe(201);
    const exchanged = await t.request('/trusted-publishing/exchange', {
      method: 'POST',
      json: { token: await issuer.sign(githubActionsClaims(REPO)) },
    });
    expect(exchanged.status).toBe(201);
    const { token: credential } = (await exchanged.json()) as { token: string };
    const { token: classic } = await insertToken(t.services.db, s.publisher, { createdBy: s.owner.user.id });
    await publishAndUpload('ci-pack', credential);
    await publishAndUpload('token-pack', classic);
    await publishAndUpload('reported-pack', classic);
    await t.runJobs();

    cursorBeforeQuarantine = (await snapshot()).cursor;
    // A trusted reporter's report quarantines a pack first published under 24 h ago (tests/api/quarantine.test.ts).
    const admin = s.admin;
    const reporter = await signedIn(t);
    const marked = await t.request(`/admin/users/${reporter.user.id}`, {
      method: 'PUT',
      json: { isTrustedReporter: true },
      token: admin.token,
    });
    expect(marked.status).toBe(200);
    const reported = await t.request('/nodes/reported-pack/reports', {
      method: 'POST',
      json: { reason: 'malware' },
      token: reporter.token,
    });
    expect(reported.status).toBe(201);
  });

  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it('says where a trusted-published version was built, in the lists, the version and the snapshot', async () => {
    const [listed] = await versionsOf('ci-pack');
    const claims = githubActionsClaims(REPO);
    const expected = {
      published_with: 'trusted_publishing',
      repository: REPO,
      commit: claims.sha,
      ref: claims.ref,
      workflow: 'publish.yml',
      run_id: claims.run_id,
    };
    expect(listed).toMatchObject({ version: '1.0.0', quarantined: false, provenance: expected });
    expect(listed).not.toHaveProperty('quarantined_at');
    expect(await json('/nodes/ci-pack/versions/1.0.0')).toMatchObject({ provenance: expected });
    const bulk = await t.request('/bulk/nodes/versions', {
      method: 'POST',
      json: { node_versions: [{ node_id: 'ci-pack', version: '1.0.0' }] },
    });
    expect(await bulk.json()).toMatchObject({ node_versions: [{ node_version: { provenance: expected } }] });

    // The node and the publisher's lists carry it on latest_version (one query per page, load-bundles.ts).
    expect(await json('/nodes/ci-pack')).toMatchObject({ latest_version: { provenance: expected } });
    const { nodes } = (await json(`/publishers/${s.publisher.id}/nodes/v2`)) as { nodes: Record<string, unknown>[] };
    expect(nodes.find((node) => node['id'] === 'ci-pack')).toMatchObject({ latest_version: { provenance: expected } });
    const all = (await json('/nodes?limit=100')) as { nodes: Record<string, unknown>[] };
    expect(all.nodes.find((node) => node['id'] === 'ci-pack')).toMatchObject({
      latest_version: { provenance: expected },
    });

    const entry = (await snapshot()).versions.find((v) => v.pack === 'ci-pack');
    expect(entry?.provenance).toEqual(expected);
  });

  it('says a classic-token version came with a personal access token, with no source fields', async () => {
    const [listed] = await versionsOf('token-pack');
    expect(listed?.['provenance']).toEqual({ published_with: 'personal_access_token' });
    const all = (await json('/nodes?limit=100')) as { nodes: Record<string, unknown>[] };
    expect(all.nodes.find((node) => node['id'] === 'token-pack')).toMatchObject({
      latest_version: { version: '1.0.0', provenance: { published_with: 'personal_access_token' } },
    });
    const entry = (await snapshot()).versions.find((v) => v.pack === 'token-pack');
    expect(entry?.provenance).toEqual({ published_with: 'personal_access_token' });
  });

  it('flags a quarantined version in the API, and as a quarantined withdrawal in the index', async () => {
    const [listed] = await versionsOf('reported-pack');
    expect(listed).toMatchObject({ version: '1.0.0', quarantined: true, quarantined_at: clock.now().toISOString() });

    // Not installable, so not in the snapshot; the delta withdraws it and says why (older readers see `withdrawn`).
    expect((await snapshot()).versions.map((v) => v.pack)).not.toContain('reported-pack');
    const delta = IndexDeltaSchema.parse(await json(`/index/v1/changes?since=${cursorBeforeQuarantine}`));
    expect(delta.removed).toContainEqual({
      type: 'version',
      pack: 'reported-pack',
      version: '1.0.0',
      reason: 'withdrawn',
      quarantined: true,
    });
  });
});
