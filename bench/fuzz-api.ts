// `npm run bench:fuzz`: sends generated bad input to every operation of the OpenAPI document over
// HTTP and reports the status classes per operation. Passes when nothing answers 5xx and the server
// never stops answering. Knobs: FUZZ_CASES per operation (60), FUZZ_SEED (1), DATABASE_URL (else a
// temp PGlite). With FIREBASE_AUTH_EMULATOR_HOST set, a third of the requests carry a real ID token,
// so the input reaches validation behind the sign-in checks too.
import pino from 'pino';
import { createLogger } from '../src/server/ops/logger.ts';
import { seededRandom } from '../src/server/seed/prng.ts';
import { seedDemoData } from '../src/server/seed/seed-demo.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { nastyBody, nastyString } from './lib/fuzz-inputs.ts';

const CASES = Number(process.env['FUZZ_CASES'] ?? 60);
/**
 * Designed answers of features this throw-away server leaves unconfigured (no vendor credentials, no
 * GitHub OAuth app): a clear 503 is their documented reply, not a failure.
 */
const NOT_CONFIGURED = new Set(['vendor_not_configured', 'github_oauth_not_configured']);
const rng = seededRandom(Number(process.env['FUZZ_SEED'] ?? 1));

interface Operation {
  method: string;
  path: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, object> } }> };
}

async function emulatorToken(): Promise<string | null> {
  const host = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  if (!host) return null;
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `fuzz-${Date.now()}@example.test`,
      password: 'fuzz-password-1',
      returnSecureToken: true,
    }),
  });
  return response.ok ? ((await response.json()) as { idToken: string }).idToken : null;
}

function errorCode(text: string): string {
  try {
    return String((JSON.parse(text) as { error?: unknown }).error ?? '');
  } catch {
    return '';
  }
}

function operations(doc: { paths: Record<string, Record<string, Operation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
}

function buildRequest(op: Operation, token: string | null) {
  const query = new URLSearchParams();
  let path = op.path;
  for (const param of op.parameters ?? []) {
    if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(nastyString(rng)));
    if (param.in === 'query' && rng.int(0, 1) === 1) {
      query.append(param.name, nastyString(rng));
      if (rng.int(0, 3) === 0) query.append(param.name, nastyString(rng)); // repeated keys
    }
  }
  path = path.replace(/\{[^}]+\}/g, () => encodeURIComponent(nastyString(rng)));
  const headers: Record<string, string> = {};
  const auth = rng.int(0, 2);
  if (auth === 1 && token) headers['authorization'] = `Bearer ${token}`;
  if (auth === 2) headers['authorization'] = `Bearer ${rng.pick(['nyd_pat_x', 'eyJhbGciOiJub25lIn0.e30.', 'garbage'])}`;
  let body: string | undefined;
  if (op.method !== 'GET' && op.method !== 'DELETE') {
    const schema = op.requestBody?.content?.['application/json']?.schema;
    const nasty = nastyBody(rng, schema);
    body = nasty.text;
    headers['content-type'] = nasty.contentType;
  }
  const qs = query.toString();
  return { url: `${path}${qs ? `?${qs}` : ''}`, init: { method: op.method, headers, body: body ?? null } };
}

// Unhandled errors are logged (JSON, to stderr) so a 5xx can be traced to its cause.
const server = await startBenchServer({ logger: createLogger({ level: 'error', destination: pino.destination(2) }) });
let failures: number;
try {
  await seedDemoData(server.services);
  const token = await emulatorToken();
  const doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as Parameters<typeof operations>[0];
  const ops = operations(doc);
  console.log(
    `Fuzzing ${ops.length} operations × ${CASES} cases on ${server.describeDatabase}` +
      (token ? ' (a third with a signed-in token)' : ' (no emulator: anonymous and forged tokens only)'),
  );
  const totals = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  let notConfigured = 0;
  const serverErrors: string[] = [];
  for (const op of ops) {
    for (let i = 0; i < CASES; i++) {
      const { url, init } = buildRequest(op, token);
      let status: number;
      try {
        const response = await fetch(`${server.baseUrl}${url}`, { ...init, redirect: 'manual' });
        status = response.status;
        const text = await response.text();
        if (status === 503 && NOT_CONFIGURED.has(errorCode(text))) {
          notConfigured++;
          continue;
        }
      } catch (error) {
        serverErrors.push(`${op.method} ${url.slice(0, 120)} → no answer (${String(error)})`);
        continue;
      }
      const bucket = `${Math.floor(status / 100)}xx` as keyof typeof totals;
      totals[bucket] = (totals[bucket] ?? 0) + 1;
      if (status >= 500) serverErrors.push(`${op.method} ${url.slice(0, 120)} → ${status}`);
    }
  }
  const health = await fetch(`${server.baseUrl}/healthz`);
  console.log(
    `Requests: ${Object.values(totals).reduce((a, b) => a + b, 0)}  ` +
      Object.entries(totals)
        .map(([k, v]) => `${k}: ${v}`)
        .join('  '),
  );
  console.log(`503 "not configured" (designed, feature off here): ${notConfigured}`);
  console.log(`Server still healthy afterwards: ${health.ok ? 'yes' : 'NO'}`);
  failures = serverErrors.length + (health.ok ? 0 : 1);
  for (const line of serverErrors.slice(0, 50)) console.log(`  5xx/crash: ${line}`);
  console.log(failures === 0 ? 'PASS: no 5xx, no crash.' : `FAIL: ${serverErrors.length} server errors.`);
} finally {
  await server.close();
}
process.exit(failures === 0 ? 0 : 1);
