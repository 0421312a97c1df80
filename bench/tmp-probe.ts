// Probe: CPU of Chromium per scenario (fresh context + page load [+ axe]) against a running site.
import { chromium } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const BASE = process.env.BASE ?? 'http://127.0.0.1:4599';
const N = Number(process.env.N ?? 10);
function chromiumCpu(): number {
  let t = 0;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      if (!cmd.includes('chrom')) continue;
      const st = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      t += (Number(f[11]) + Number(f[12])) / 100;
    } catch {}
  }
  return t;
}
function procCpu(pid: string): number {
  try {
    const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch { return 0; }
}
const SERVER = process.env.SERVER_PID ?? '0';
function busy(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]!) / 100;
}
const args = (process.env.ARGS ?? '').split(' ').filter(Boolean);
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu', ...args] });
const path = process.env.PAGE ?? '/en/';
const axe = process.env.AXE === '1';
const reuse = process.env.REUSE === '1';
const viewport = { width: Number(process.env.W ?? 1280), height: Number(process.env.H ?? 720) };
const jsOff = process.env.NOJS === '1';
async function once(ctx: any) {
  const page = await ctx.newPage();
  await page.goto(BASE + path);
  if (!jsOff) await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:is([client="load"], [client="idle"])').length === 0, undefined, { polling: 'raf' });
  if (axe) {
    await page.evaluate(AXE);
    await page.evaluate((o: any) => (window as any).axe.run(document, o), { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, ...(process.env.NOCC === '1' ? { rules: { 'color-contrast': { enabled: false } } } : {}) });
  }
  await page.close();
}
// warm-up
{ const c = await browser.newContext({ viewport, javaScriptEnabled: !jsOff }); await once(c); await c.close(); }
const c0 = chromiumCpu(), b0 = busy(), t0 = Date.now(), s0 = procCpu(SERVER), m0 = process.cpuUsage();
let shared = reuse ? await browser.newContext({ viewport, javaScriptEnabled: !jsOff }) : null;
for (let i = 0; i < N; i++) {
  const ctx = shared ?? (await browser.newContext({ viewport, javaScriptEnabled: !jsOff }));
  await once(ctx);
  if (!shared) await ctx.close();
}
await new Promise((r) => setTimeout(r, 300));
const c1 = chromiumCpu(), b1 = busy(), s1 = procCpu(SERVER), m1 = process.cpuUsage(m0);
console.log(`${process.env.LABEL ?? ''} path=${path} axe=${axe} reuse=${reuse} N=${N}: chromium ${((c1 - c0) / N).toFixed(3)} s/iter, machine ${((b1 - b0) / N).toFixed(3)} s/iter, wall ${((Date.now() - t0) / N).toFixed(0)} ms/iter, server ${((s1 - s0) / N).toFixed(3)}, probe ${((m1.user + m1.system) / 1e6 / N).toFixed(3)}`);
await browser.close();
