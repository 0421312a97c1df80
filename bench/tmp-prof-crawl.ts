import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startInstance } from './lib/instance-process.ts';
const url = `postgres://nodeyard:nodeyard@127.0.0.1:5432/nodeyard_crawl_x${process.env.SCALE ?? '1'}`;
const instance = await startInstance({
  DATABASE_URL: url,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'prof-')),
  STORAGE_SIGNING_SECRET: 'crawl-bench-signing-secret-0123456789abcdef',
  RATE_LIMIT_ENABLED: 'false',
  NODE_OPTIONS: process.env['PROF'] === '1' ? '--cpu-prof --cpu-prof-dir=/work/tmp/prof' : (process.env['NOPTS'] ?? ''),
}, 300_000);
const api = instance.apiUrl;
await new Promise((r) => setTimeout(r, Number(process.env['SETTLE'] ?? 20000)));
const from = Number(process.env['FROM'] ?? 1);
const n = Number(process.env['PAGES'] ?? 300);
const headers: Record<string, string> = process.env['UNCACHED'] === '1' ? { cookie: 'bench=uncached' } : {};
import { readFileSync, readdirSync } from 'node:fs';
const cpuOf = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
const pgCpu = () => readdirSync('/proc').filter((p) => /^\d+$/.test(p)).reduce((sum, p) => { try { if (!readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith('postgres')) return sum; return sum + cpuOf(Number(p)); } catch { return sum; } }, 0);
const srv0 = cpuOf(instance.process.pid!); const pg0 = pgCpu(); const me0 = process.cpuUsage();
const t = performance.now();
let bytes = 0;
for (let p = from; p < from + n; p++) {
  const r = await fetch(`${api}/nodes?page=${p}&limit=30`, { headers });
  bytes += (await r.arrayBuffer()).byteLength;
}
const el = performance.now() - t;
const me = process.cpuUsage(me0); console.log(`per page CPU: server ${((cpuOf(instance.process.pid!) - srv0) * 1000 / n).toFixed(1)} ms, postgres ${((pgCpu() - pg0) * 1000 / n).toFixed(1)} ms, client ${((me.user + me.system) / 1000 / n).toFixed(1)} ms`);
console.log(`${n} pages in ${(el / 1000).toFixed(2)} s, ${(el / n).toFixed(1)} ms/page, ${Math.round(bytes / n)} B/page`);
await instance.stop();
