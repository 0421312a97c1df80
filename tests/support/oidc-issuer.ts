import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { Clock } from '../../src/server/clock.ts';

/*
 * A real OIDC issuer for tests: its own signing keys (jose), its JWKS document served over HTTP on
 * 127.0.0.1, and tokens shaped like GitHub Actions' (same claim names and formats). It can rotate
 * keys as an issuer does (publish the new key, sign with it) and sign with a key it never published.
 * Times come from the clock the app under test uses, so expiry is tested without waiting.
 */

interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newKey(alg: SigningKey['alg']): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = `${alg.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  return { kid, alg, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

/** GitHub Actions' claims for a tag push of `owner/repo` running `.github/workflows/publish.yml`. */
export interface GitHubActionsClaims {
  repository: string;
  repository_id: string;
  repository_owner: string;
  repository_owner_id: string;
  workflow: string;
  workflow_ref: string;
  job_workflow_ref: string;
  ref: string;
  ref_type: string;
  sha: string;
  run_id: string;
  run_number: string;
  run_attempt: string;
  actor: string;
  event_name: string;
  environment?: string;
  sub: string;
  [claim: string]: unknown;
}

export function githubActionsClaims(
  repository = 'octo-org/comfyui-example',
  overrides: Partial<GitHubActionsClaims> & { workflowFile?: string } = {},
): GitHubActionsClaims {
  const { workflowFile = 'publish.yml', ...rest } = overrides;
  const ref = rest.ref ?? 'refs/tags/v1.0.0';
  const workflowRef = `${repository}/.github/workflows/${workflowFile}@${ref}`;
  return {
    sub: `repo:${repository}:ref:${ref}`,
    repository,
    repository_id: '690001',
    repository_owner: repository.split('/')[0]!,
    repository_owner_id: '4200',
    workflow: 'Publish',
    workflow_ref: workflowRef,
    job_workflow_ref: workflowRef,
    ref,
    ref_type: ref.startsWith('refs/tags/') ? 'tag' : 'branch',
    sha: 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0',
    run_id: '9876543210',
    run_number: '12',
    run_attempt: '1',
    actor: 'octocat',
    event_name: 'push',
    ...rest,
  };
}

export interface SignOptions {
  audience?: string;
  /** Seconds from the clock's now; default 300 (GitHub's tokens live minutes). */
  expiresIn?: number;
  /** Seconds from the clock's now; default 0. */
  notBefore?: number;
  jti?: string;
  /** Sign with a key the issuer never published, under the current key's kid. */
  impostor?: boolean;
  /** Override `iss` (a token claiming another issuer). */
  issuer?: string;
}

export interface OidcIssuer {
  /** The issuer URL (`iss`), http://127.0.0.1:<port>. */
  url: string;
  jwksUrl: string;
  /** How many times the JWKS document was fetched. */
  jwksFetches(): number;
  sign(claims: GitHubActionsClaims, options?: SignOptions): Promise<string>;
  /** Publish a new key (EC after RSA) and sign with it from now on; the old key stays published unless `dropOld`. */
  rotate(options?: { dropOld?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** `port`: 0 picks a free one; a browser spec passes the fixed one its server was configured with. */
export async function startOidcIssuer(clock: Clock, port = 0): Promise<OidcIssuer> {
  let published: SigningKey[] = [await newKey('RS256')];
  let current = published[0]!;
  const impostorKey = await newKey('RS256');
  let fetches = 0;
  const server: Server = createServer((request, response) => {
    if (request.url === '/.well-known/jwks') {
      fetches += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: published.map((key) => key.publicJwk) }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    jwksUrl: `${url}/.well-known/jwks`,
    jwksFetches: () => fetches,
    async sign(claims, options = {}) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const key = options.impostor ? impostorKey : current;
      return new SignJWT({ ...claims, jti: options.jti ?? randomUUID() })
        .setProtectedHeader({ alg: key.alg, kid: current.kid, typ: 'JWT' })
        .setIssuer(options.issuer ?? url)
        .setAudience(options.audience ?? 'nodeyard')
        .setIssuedAt(now)
        .setNotBefore(now + (options.notBefore ?? 0))
        .setExpirationTime(now + (options.expiresIn ?? 300))
        .sign(key.privateKey);
    },
    async rotate(options = {}) {
      const next = await newKey(current.alg === 'RS256' ? 'ES256' : 'RS256');
      published = options.dropOld ? [next] : [...published, next];
      current = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
