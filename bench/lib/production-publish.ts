// Part of bench/production-smoke.sh: publishes one pack with a personal access token against the
// production-mode server at $API, waits for the analysis thread to decide, then installs it.
import { comfyCliPublishBody } from '#test/publish.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { createBenchPublisher } from './bench-publisher.ts';

const api = process.env['API']!;
const { token } = await createBenchPublisher(process.env['DATABASE_URL']!, 'smoke-publisher');
const started = performance.now();
const published = await fetch(`${api}/publishers/smoke-publisher/nodes/smoke-pack/versions`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(comfyCliPublishBody(token, 'smoke-pack', '1.0.0')),
});
if (published.status !== 201) throw new Error(`publish answered ${published.status}`);
const { signedUrl } = (await published.json()) as { signedUrl: string };
const zip = buildZip(samplePackFiles('smoke-pack'));
const upload = await fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: zip });
if (upload.status !== 200) throw new Error(`upload answered ${upload.status}`);

let status = 'NodeVersionStatusPending';
while (status === 'NodeVersionStatusPending' && performance.now() - started < 30_000) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  status = ((await (await fetch(`${api}/nodes/smoke-pack/versions/1.0.0`)).json()) as { status: string }).status;
}
console.log(`publish + upload → ${status} in ${(performance.now() - started).toFixed(0)} ms`);
if (status !== 'NodeVersionStatusActive') throw new Error('the pack did not become Active');
const install = await fetch(`${api}/nodes/smoke-pack/install`);
console.log(`GET /nodes/smoke-pack/install → ${install.status}`);
if (install.status !== 200) throw new Error('install failed');
