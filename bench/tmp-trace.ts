import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
const w = await ctx.newPage(); await w.goto('http://127.0.0.1:4599/healthz');
const page = await ctx.newPage();
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
await page.goto('http://127.0.0.1:4599' + (process.env.PAGE ?? '/en/'));
await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:is([client="load"], [client="idle"])').length === 0, undefined, { polling: 'raf' });
await page.waitForTimeout(300);
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents as any[];
// self time per event name on each thread: X events with dur; subtract children roughly by using only top-level names of interest
const byName = new Map<string, number>();
const threads = new Map<string, string>();
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
for (const e of events) {
  if (e.ph !== 'X' || !e.dur) continue;
  const t = threads.get(`${e.pid}:${e.tid}`) ?? '?';
  const k = `${t} | ${e.name}`;
  byName.set(k, (byName.get(k) ?? 0) + e.dur / 1000);
}
for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v.toFixed(1).padStart(8), k);
await browser.close();
