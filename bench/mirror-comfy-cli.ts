// comfy-cli installs through a Nodeyard mirror with the upstream stopped (issue 27, "Done when").
// Starts an upstream (the demo packs) and a mirror of it whose API answers on localhost:8080, where
// comfy-cli's RegistryAPI goes with ENVIRONMENT=dev; waits for the mirror to hold the chosen pack's
// zip; stops the upstream; then runs comfy-cli's own registry-install code
// (bench/mirror-comfy-cli-install.py, from a checkout of comfy-cli's source) and checks the installed
// archive's sha256 against the upstream's signed snapshot. Prints each step and its timing.
//
// Not a test (it needs comfy-cli's source and httpx/requests/rich/pathspec):
//   COMFY_CLI_SRC=/path/to/comfy-cli [COMFY_CLI_PYTHON=python3] npm run bench:mirror-comfy-cli [-- <pack id>]
// Port 8080 must be free (MIRROR_API_PORT picks another; then RegistryAPI.base_url is set to it).
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifySigned } from '../src/server/index-protocol/index-client.ts';
import { parsePublicKeys } from '../src/server/index-protocol/keyring-from-env.ts';
import { startInstance, type InstanceProcess } from './lib/instance-process.ts';

const COMFY_CLI_SRC = process.env['COMFY_CLI_SRC'];
if (!COMFY_CLI_SRC) {
  console.error('Set COMFY_CLI_SRC to a checkout of comfy-cli (the folder that holds comfy_cli/).');
  process.exit(2);
}
const PYTHON = process.env['COMFY_CLI_PYTHON'] ?? 'python3';
const MIRROR_PORT = Number(process.env['MIRROR_API_PORT'] ?? 8080);
const DRIVER = fileURLToPath(new URL('./mirror-comfy-cli-install.py', import.meta.url));

const started = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const since = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - since > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Snapshot {
  cursor: string;
  packs: { id: string; latest_version?: string }[];
  versions: { pack: string; version: string; sha256: string; size: number }[];
}

const dirs = [await mkdtemp(join(tmpdir(), 'nodeyard-upstream-')), await mkdtemp(join(tmpdir(), 'nodeyard-mirror-'))];
const workspace = await mkdtemp(join(tmpdir(), 'comfy-workspace-'));
let upstream: InstanceProcess | null = null;
let mirror: InstanceProcess | null = null;
let failed = false;
try {
  upstream = await startInstance({ DATA_DIR: dirs[0]!, SEED_DEMO_DATA: 'true' }, 300_000);
  log(`upstream ${upstream.apiUrl} (demo packs)`);
  const keys = (await (await fetch(`${upstream.apiUrl}/index/v1/keys`)).json()) as { keys: { public_key: string }[] };
  const pinned = keys.keys.map((key) => key.public_key).join(',');

  // The upstream's snapshot, verified here too: the sha256 the install must match.
  const response = await fetch(`${upstream.apiUrl}/index/v1/snapshot`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const keyId = verifySigned(bytes, response.headers, parsePublicKeys(pinned, 'keys'), 'The snapshot');
  const snapshot = JSON.parse(Buffer.from(bytes).toString('utf8')) as Snapshot;
  const packId = process.argv[2] ?? snapshot.packs.find((pack) => pack.latest_version)!.id;
  const pack = snapshot.packs.find((candidate) => candidate.id === packId)!;
  const expected = snapshot.versions.find((v) => v.pack === packId && v.version === pack.latest_version)!;
  log(
    `snapshot cursor ${snapshot.cursor}: ${snapshot.packs.length} packs, signature ok (key ${keyId}); ` +
      `${packId} ${expected.version} sha256 ${expected.sha256}`,
  );

  const mirrorApi = `http://localhost:${MIRROR_PORT}`;
  mirror = await startInstance(
    {
      DATA_DIR: dirs[1]!,
      API_PORT: String(MIRROR_PORT),
      API_PUBLIC_URL: mirrorApi,
      MIRROR_UPSTREAM: upstream.apiUrl,
      MIRROR_UPSTREAM_KEYS: pinned,
      MIRROR_POLL_SECONDS: '0.5',
    },
    300_000,
  );
  log(`mirror ${mirrorApi} following ${upstream.apiUrl}`);
  await eventually(
    async () => {
      const install = await fetch(`${mirrorApi}/nodes/${packId}/install`);
      if (install.status !== 200) return false;
      const { downloadUrl } = (await install.json()) as { downloadUrl: string };
      return (await fetch(downloadUrl, { method: 'HEAD' })).status === 200;
    },
    60_000,
    `the mirror to hold ${packId}'s zip`,
  );
  log(`mirror holds ${packId} ${expected.version}`);

  await upstream.stop();
  upstream = null;
  log('upstream stopped');

  const argv = [DRIVER, packId, workspace];
  const env = {
    ...process.env,
    COMFY_CLI_SRC,
    ENVIRONMENT: 'dev',
    ...(MIRROR_PORT === 8080 ? {} : { COMFY_REGISTRY_BASE_URL: mirrorApi }),
  };
  log(`$ ENVIRONMENT=dev COMFY_CLI_SRC=${COMFY_CLI_SRC} ${PYTHON} ${argv.join(' ')}`);
  const run = spawnSync(PYTHON, argv, { env, encoding: 'utf8' });
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  if (run.status !== 0) throw new Error(`comfy-cli's install exited with ${run.status}`);
  const installed = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { sha256: string; files: string[] };
  const pyproject = await readFile(join(workspace, 'custom_nodes', packId, 'pyproject.toml'), 'utf8').catch(() => '');
  log(
    `installed ${installed.files.length} files into ${join(workspace, 'custom_nodes', packId)}; ` +
      `pyproject.toml ${pyproject ? 'present' : 'missing'}: ${installed.files.join(', ')}`,
  );
  if (installed.sha256 !== expected.sha256) {
    throw new Error(`sha256 ${installed.sha256} does not match the snapshot's ${expected.sha256}`);
  }
  log(`sha256 matches the upstream snapshot: ${installed.sha256}`);
} catch (error) {
  failed = true;
  console.error(error);
  if (mirror) console.error(mirror.output().slice(-3000));
} finally {
  await Promise.all([upstream?.stop(), mirror?.stop()]);
  for (const dir of [...dirs, workspace]) await rm(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
