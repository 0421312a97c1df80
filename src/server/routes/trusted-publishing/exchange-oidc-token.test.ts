import { createHash, createPublicKey, verify } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, nodes, nodeVersions, trustedPublishers } from '../../db/schema/index.ts';
import { publisherScene, type PublisherScene } from '#test/authz/scene.ts';
import { insertToken } from '#test/factories.ts';
import {
  githubActionsClaims,
  startOidcIssuer,
  type GitHubActionsClaims,
  type OidcIssuer,
  type SignOptions,
} from '#test/oidc-issuer.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { createTestApp, fixedClock, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { pyprojectToml } from '../../../lib/publish/publish-commands.ts';

// POST /trusted-publishing/exchange against a real local OIDC issuer (its own keys, JWKS over HTTP),
// and publishing with what it returns through comfy-cli's unchanged publish request.

const REPO = 'octo-org/comfyui-example';
/** The archive the first trusted publish uploads: the provenance statement names its sha256. */
const firstZip = buildZip(samplePackFiles('ci-pack'));
const clock = fixedClock();
let t: TestApp;
let s: PublisherScene;
let issuer: OidcIssuer;

interface Refusal {
  status: number;
  body: { error: string; message: string };
}

async function exchange(jwt: string) {
  const response = await t.request('/trusted-publishing/exchange', { method: 'POST', json: { token: jwt } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function exchangeFor(claims: GitHubActionsClaims, options: SignOptions = {}) {
  return exchange(await issuer.sign(claims, options));
}

async function refusal(claims: GitHubActionsClaims, options: SignOptions = {}): Promise<Refusal> {
  const { status, body } = await exchangeFor(claims, options);
  return { status, body: body as Refusal['body'] };
}

async function credentialFor(claims = githubActionsClaims(REPO)): Promise<string> {
  const { status, body } = await exchangeFor(claims);
  expect(status).toBe(201);
  return body['token'] as string;
}

async function register(values: Record<string, unknown>) {
  const response = await t.request(`/publishers/${s.publisher.id}/trusted-publishers`, {
    method: 'POST',
    token: s.owner.token,
    json: { repository: REPO, workflow: 'publish.yml', ...values },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; pending: boolean };
}

function publish(nodeId: string, token: string, version = '1.0.0') {
  return t.request(`/publishers/${s.publisher.id}/nodes/${nodeId}/versions`, {
    method: 'POST',
    json: comfyCliPublishBody(token, nodeId, version),
  });
}

beforeAll(async () => {
  issuer = await startOidcIssuer(clock);
  t = await createTestApp({
    clock,
    config: {
      trustedPublishing: {
        issuers: [
          { issuer: issuer.url, jwksUrl: issuer.jwksUrl },
          // An accepted issuer whose keys cannot be fetched (nothing listens on port 9 here).
          { issuer: 'http://127.0.0.1:9', jwksUrl: 'http://127.0.0.1:9/.well-known/jwks' },
        ],
        audience: 'nodeyard',
      },
    },
  });
  s = await publisherScene(t);
  await register({ node_id: 'ci-pack', ref_pattern: 'refs/tags/v*' });
  await register({ node_id: 'env-pack', environment: 'release' });
});

afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

describe('POST /trusted-publishing/exchange', () => {
  it('turns a matching token into a 15-minute credential that publishes a pending node to Active', async () => {
    const { status, body } = await exchangeFor(githubActionsClaims(REPO));
    expect(status).toBe(201);
    expect(body['token']).toMatch(/^nyd_tp_[\w-]{43}$/);
    expect(body['expires_at']).toBe(new Date(clock.now().getTime() + 15 * 60 * 1000).toISOString());
    expect(body['nodes']).toEqual([{ publisher_id: s.publisher.id, node_id: 'ci-pack' }]);

    // comfy-cli's own request: the credential travels as personal_access_token.
    const published = await publish('ci-pack', body['token'] as string);
    expect(published.status).toBe(201);
    const { signedUrl } = (await published.json()) as { signedUrl: string };
    const upload = await t.request(signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      body: firstZip,
    });
    expect(upload.status).toBe(200);
    await t.runJobs();
    const [version] = await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.nodeId, 'ci-pack'));
    expect(version?.status).toBe('NodeVersionStatusActive');

    // The first exchange pinned the repository's immutable ids on the registration.
    const [registration] = await t.services.db
      .select()
      .from(trustedPublishers)
      .where(eq(trustedPublishers.nodeId, 'ci-pack'));
    expect(registration).toMatchObject({ repositoryId: '690001', repositoryOwnerId: '4200' });
    // The publish is audited with the CI run, never the secret.
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'node_version.publish'), eq(auditLog.targetId, version!.id)));
    expect(audit?.after).toMatchObject({
      via: 'trusted_publishing',
      claims: { repository: REPO, run_id: '9876543210' },
    });
    expect(JSON.stringify(audit)).not.toContain(body['token']);
  });

  it('keeps the JWKS document cached between exchanges', async () => {
    const before = issuer.jwksFetches();
    await credentialFor();
    await credentialFor();
    expect(issuer.jwksFetches()).toBe(before);
  });

  it('exchanges an identity token once (401 oidc_token_replayed)', async () => {
    const jwt = await issuer.sign(githubActionsClaims(REPO));
    expect((await exchange(jwt)).status).toBe(201);
    const again = await exchange(jwt);
    expect(again.status).toBe(401);
    expect(again.body['error']).toBe('oidc_token_replayed');
  });

  it.each([
    ['oidc_unknown_issuer', 401, { issuer: 'https://token.example.test' }],
    ['oidc_bad_signature', 401, { impostor: true }],
    ['oidc_wrong_audience', 401, { audience: 'https://pypi.org' }],
    ['oidc_token_expired', 401, { expiresIn: -120 }],
    ['oidc_token_not_yet_valid', 401, { notBefore: 120 }],
    ['oidc_issuer_unavailable', 503, { issuer: 'http://127.0.0.1:9' }],
  ] as const)('refuses with %s', async (code, status, options) => {
    const answer = await refusal(githubActionsClaims(REPO), options);
    expect(answer).toMatchObject({ status, body: { error: code } });
  });

  it('refuses what is not a JWT (400 invalid body, 401 oidc_token_malformed)', async () => {
    expect((await t.request('/trusted-publishing/exchange', { method: 'POST', json: {} })).status).toBe(400);
    expect(await exchange('not-a-jwt')).toMatchObject({ status: 401, body: { error: 'oidc_token_malformed' } });
    const withoutWorkflow: Partial<GitHubActionsClaims> = githubActionsClaims(REPO);
    delete withoutWorkflow.workflow_ref;
    const answer = await refusal(withoutWorkflow as GitHubActionsClaims);
    expect(answer.body).toMatchObject({ error: 'oidc_token_malformed' });
    expect(answer.body.message).toContain('workflow_ref');
  });

  it.each([
    [
      'repository',
      githubActionsClaims('someone/else', { repository_id: '555' }),
      'No trusted publisher is registered for repository "someone/else"',
    ],
    [
      'workflow',
      githubActionsClaims(REPO, { workflowFile: 'release.yml' }),
      'ci-pack its workflow is "release.yml", registered "publish.yml"',
    ],
    [
      'ref',
      githubActionsClaims(REPO, { ref: 'refs/heads/main' }),
      'ci-pack its ref is "refs/heads/main", not matching the registered pattern "refs/tags/v*"',
    ],
    [
      'repository_id (a re-created repository of the same name)',
      githubActionsClaims(REPO, { repository_id: '777' }),
      'ci-pack its repository_id is "777", registered "690001"',
    ],
  ])('names the claim that differs: %s (403 oidc_no_matching_publisher)', async (_claim, claims, text) => {
    const answer = await refusal(claims);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('oidc_no_matching_publisher');
    expect(answer.body.message).toContain(text);
  });

  it('names a missing environment, and matches once the job runs in it', async () => {
    const claims = githubActionsClaims(REPO, { ref: 'refs/heads/main' });
    const answer = await refusal(claims);
    expect(answer.body.message).toContain('env-pack its environment is absent from the token, registered "release"');
    const { body } = await exchangeFor({ ...claims, environment: 'Release' });
    expect(body['nodes']).toEqual([{ publisher_id: s.publisher.id, node_id: 'env-pack' }]);
  });

  it('follows a key rotation at the issuer: one refetch per cooldown for an unknown kid', async () => {
    await credentialFor();
    await issuer.rotate({ dropOld: true });
    const before = issuer.jwksFetches();
    // Within the cooldown after the last fetch an unknown kid is not looked up again.
    expect((await refusal(githubActionsClaims(REPO))).body.error).toBe('oidc_bad_signature');
    expect(issuer.jwksFetches()).toBe(before);
    clock.advance(11 * 60 * 1000);
    await credentialFor();
    expect(issuer.jwksFetches()).toBe(before + 1);
    // The next rotation is found within the cache lifetime: the unknown kid triggers one refetch.
    await issuer.rotate();
    clock.advance(31 * 1000);
    await credentialFor();
    expect(issuer.jwksFetches()).toBe(before + 2);
  });
});

describe('publishing with an exchanged credential', () => {
  it('uploads a zip as docs/publishing.md shows (POST …/archives, Bearer), only of a matched node', async () => {
    await register({ node_id: 'zip-pack', ref_pattern: 'refs/tags/v*' });
    const credential = await credentialFor();
    const upload = (nodeId: string) =>
      t.request(`/publishers/${s.publisher.id}/archives`, {
        method: 'POST',
        token: credential,
        headers: { 'content-type': 'application/zip' },
        body: buildZip({
          'pyproject.toml': pyprojectToml(s.publisher.id, nodeId),
          '__init__.py': 'NODE_CLASS_MAPPINGS = {}\n',
        }),
      });
    expect((await upload('zip-pack')).status).toBe(201);
    const stray = await upload('stray-pack');
    expect(stray.status).toBe(403);
    expect(await stray.json()).toMatchObject({ error: 'trusted_credential_wrong_node' });
  });

  it('publishes only the matched nodes (403 trusted_credential_wrong_node)', async () => {
    const credential = await credentialFor();
    const response = await publish('other-pack', credential);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'trusted_credential_wrong_node' });
  });

  it('expires after 15 minutes (400 token_expired)', async () => {
    const credential = await credentialFor();
    clock.advance(15 * 60 * 1000 + 1000);
    const response = await publish('ci-pack', credential, '1.0.1');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'token_expired' });
  });

  it('stops publishing, and a pending upload, once its trusted publisher is removed (token_revoked)', async () => {
    const { id } = await register({ node_id: 'short-lived-pack', repository: 'octo-org/short-lived' });
    const credential = await credentialFor(githubActionsClaims('octo-org/short-lived', { repository_id: '690002' }));
    // A publish whose upload URL is still out when the trusted publisher goes.
    const started = await publish('short-lived-pack', credential);
    expect(started.status).toBe(201);
    const { signedUrl } = (await started.json()) as { signedUrl: string };
    const removed = await t.request(`/publishers/${s.publisher.id}/trusted-publishers/${id}`, {
      method: 'DELETE',
      token: s.owner.token,
    });
    expect(removed.status).toBe(204);
    const response = await publish('short-lived-pack', credential, '1.0.1');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'token_revoked' });
    const upload = await t.request(signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      body: buildZip(samplePackFiles('short-lived-pack')),
    });
    expect(upload.status).toBe(403);
    expect(await upload.json()).toMatchObject({ error: 'token_revoked' });
  });
});

describe('require_trusted_publishing', () => {
  const setting = (value: boolean, token: string) =>
    t.request(`/publishers/${s.publisher.id}/nodes/ci-pack/trusted-publishing`, {
      method: 'PUT',
      token,
      json: { require_trusted_publishing: value },
    });

  it('refuses a personal access token while on; only a signed-in owner turns it off, audited', async () => {
    const { token } = await insertToken(t.services.db, s.publisher, { createdBy: s.owner.user.id });
    expect((await setting(true, s.owner.token)).status).toBe(200);

    const refused = await publish('ci-pack', token, '2.0.0');
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { error: string; message: string };
    expect(body.error).toBe('trusted_publishing_required');
    expect(body.message).toContain('/trusted-publishing/exchange');
    // Trusted publishing still publishes.
    expect((await publish('ci-pack', await credentialFor(), '2.0.0')).status).toBe(201);

    // A personal access token is no session: it cannot loosen the rule.
    expect((await setting(false, token)).status).toBe(401);
    expect((await setting(false, s.member.token)).status).toBe(403);
    const off = await setting(false, s.owner.token);
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ node_id: 'ci-pack', require_trusted_publishing: false });
    const [node] = await t.services.db.select().from(nodes).where(eq(nodes.id, 'ci-pack'));
    expect(node?.requireTrustedPublishing).toBe(false);
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, 'ci-pack'), eq(auditLog.action, 'node.allow_token_publishing')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: s.owner.user.id, actorKind: 'user' });
    expect((await publish('ci-pack', token, '2.0.1')).status).toBe(201);
  });
});

describe('GET /nodes/{nodeId}/versions/{version}/provenance', () => {
  it('signs where a trusted-published version came from; the index key verifies it', async () => {
    const response = await t.request('/nodes/ci-pack/versions/1.0.0/provenance');
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      published_with: string;
      provenance: Record<string, unknown>;
      statement: { payloadType: string; payload: string; signatures: { keyid: string; sig: string }[] };
    };
    const sha256 = createHash('sha256').update(firstZip).digest('hex');
    expect(body.published_with).toBe('trusted_publishing');
    expect(body.provenance).toMatchObject({
      repository: REPO,
      commit: 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0',
      ref: 'refs/tags/v1.0.0',
      workflow_ref: `${REPO}/.github/workflows/publish.yml@refs/tags/v1.0.0`,
      run_id: '9876543210',
      archive_sha256: sha256,
    });

    // Checked as a client would: the published key, DSSE's pre-authentication encoding, stock Ed25519.
    const { keys } = (await (await t.request('/index/v1/keys')).json()) as {
      keys: { id: string; public_key: string }[];
    };
    const [signature] = body.statement.signatures;
    const key = keys.find((candidate) => candidate.id === signature!.keyid)!;
    const payload = Buffer.from(body.statement.payload, 'base64');
    const type = body.statement.payloadType;
    const signed = Buffer.concat([Buffer.from(`DSSEv1 ${type.length} ${type} ${payload.length} `), payload]);
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key.public_key, 'base64').toString('base64url') },
      format: 'jwk',
    });
    expect(verify(null, signed, publicKey, Buffer.from(signature!.sig, 'base64'))).toBe(true);
    const statement = JSON.parse(payload.toString('utf8')) as {
      _type: string;
      subject: { name: string; digest: { sha256: string } }[];
      predicate: { buildDefinition: { externalParameters: { repository: string }; resolvedDependencies: unknown[] } };
    };
    expect(statement._type).toBe('https://in-toto.io/Statement/v1');
    expect(statement.subject).toEqual([{ name: `${s.publisher.id}/ci-pack@1.0.0`, digest: { sha256 } }]);
    expect(statement.predicate.buildDefinition.externalParameters.repository).toBe(REPO);
    expect(statement.predicate.buildDefinition.resolvedDependencies).toEqual([
      { uri: `git+${REPO}@refs/tags/v1.0.0`, digest: { gitCommit: 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0' } },
    ]);
  });

  it('says so when a personal access token published the version, and signs nothing', async () => {
    const response = await t.request('/nodes/ci-pack/versions/2.0.1/provenance');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      published_with: 'personal_access_token',
      provenance: null,
      statement: null,
    });
    expect((await t.request('/nodes/ci-pack/versions/9.9.9/provenance')).status).toBe(404);
  });
});
