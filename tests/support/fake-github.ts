import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A tiny stand-in for github.com and api.github.com (unreachable from CI), used by the API tests and
// the browser claim flow:
//   GET  /login/oauth/authorize      the user "approves" at once: a fresh one-time code for a token
//                                    with `approvePermissions`, sent back to redirect_uri with state
//   POST /login/oauth/access_token   trades a one-time code for its token (client id/secret checked)
//   GET  /repos/{owner}/{repo}       the permissions the bearer token was given; for a repository
//                                    made public with setStars, its stargazers_count to anyone
//                                    ('error' answers 500 as a GitHub hiccup would, 'missing' 404)

export interface RepoPermissions {
  admin: boolean;
  push: boolean;
}

export interface FakeGitHub {
  exchanges: Record<string, unknown>[];
  repoCalls: { path: string; authorization: string | undefined }[];
  /** What a user approving in the browser grants (change it to test a refusal). */
  approvePermissions: RepoPermissions;
  /** A one-time code that trades for a token with these repository permissions. */
  issueCode(code: string, token: string, permissions?: RepoPermissions): void;
  /** Public repositories ("owner/repo", any case) and their star counts; 'error' → 500, 'missing' → 404. */
  setStars(fullName: string, stars: number | 'error' | 'missing'): void;
  /** Every GET of a public repository: path and Authorization header. */
  starCalls: { path: string; authorization: string | undefined }[];
  /** The most star lookups that were in flight at once (for concurrency bounds). */
  maxStarLookupsInFlight: number;
  /** How long a star lookup takes to answer, so concurrent ones overlap (default 0). */
  starDelayMs: number;
  /** http://127.0.0.1:<port> once listening. */
  url(): string;
  listen(port?: number): Promise<void>;
  close(): Promise<void>;
}

export function fakeGitHub(clientId: string, clientSecret: string): FakeGitHub {
  const codes = new Map<string, string>();
  const tokens = new Map<string, RepoPermissions>();
  const publicRepos = new Map<string, number | 'error' | 'missing'>();
  let inFlight = 0;
  let issued = 0;
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://github.fake');
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const redirect = url.searchParams.get('redirect_uri');
        if (url.searchParams.get('client_id') !== clientId || !redirect) return send(400, { error: 'bad request' });
        issued += 1;
        const code = `approved-code-${issued}`;
        fake.issueCode(code, `gho_approved_${issued}`, fake.approvePermissions);
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const body = await readBody(req);
        fake.exchanges.push(body);
        if (body['client_id'] !== clientId || body['client_secret'] !== clientSecret) {
          return send(200, { error: 'incorrect_client_credentials' });
        }
        const token = codes.get(String(body['code']));
        if (!token) return send(200, { error: 'bad_verification_code' });
        codes.delete(String(body['code']));
        return send(200, { access_token: token, token_type: 'bearer', scope: '' });
      }
      const repo = /^\/repos\/([^/]+)\/([^/]+)$/.exec(url.pathname);
      const fullName = repo ? `${repo[1]}/${repo[2]}`.toLowerCase() : '';
      if (req.method === 'GET' && repo && publicRepos.has(fullName)) {
        fake.starCalls.push({ path: req.url!, authorization: req.headers.authorization });
        inFlight += 1;
        fake.maxStarLookupsInFlight = Math.max(fake.maxStarLookupsInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, fake.starDelayMs));
        inFlight -= 1;
        const stars = publicRepos.get(fullName);
        if (stars === 'error') return send(500, { message: 'Server Error' });
        if (stars === 'missing') return send(404, { message: 'Not Found' });
        return send(200, { full_name: `${repo[1]}/${repo[2]}`, stargazers_count: stars });
      }
      if (req.method === 'GET' && repo) {
        const authorization = req.headers.authorization;
        fake.repoCalls.push({ path: req.url!, authorization });
        const permissions = tokens.get(authorization?.replace(/^Bearer /, '') ?? '');
        if (!permissions) return send(401, { message: 'Bad credentials' });
        return send(200, { full_name: `${repo[1]}/${repo[2]}`, permissions: { ...permissions, pull: true } });
      }
      send(404, { message: 'Not Found' });
    })();
  });
  const fake: FakeGitHub = {
    exchanges: [],
    repoCalls: [],
    approvePermissions: { admin: false, push: true },
    starCalls: [],
    maxStarLookupsInFlight: 0,
    starDelayMs: 0,
    setStars(fullName, stars) {
      publicRepos.set(fullName.toLowerCase(), stars);
    },
    issueCode(code, token, permissions = { admin: true, push: true }) {
      codes.set(code, token);
      tokens.set(token, permissions);
    },
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    listen: (port = 0) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
