import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
const agg = new Map<string, number>();
const fn = new Map<string, number>();
let totalMs = 0;
for (let i = 0; i < 5; i++) {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto('http://127.0.0.1:4599' + (process.env.PAGE ?? '/en/'));
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:is([client="load"], [client="idle"])').length === 0, undefined, { polling: 'raf' });
  await page.waitForTimeout(300);
  const { profile } = (await cdp.send('Profiler.stop')) as any;
  const nodes = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  const deltas: number[] = profile.timeDeltas;
  profile.samples.forEach((id: number, k: number) => {
    const n = nodes.get(id)!; const d = (deltas[k + 1] ?? 0) / 1000;
    const url = n.callFrame.url ? n.callFrame.url.split('/').pop() : n.callFrame.functionName;
    agg.set(url, (agg.get(url) ?? 0) + d);
    const f = `${n.callFrame.functionName || '(anon)'} ${url}`;
    fn.set(f, (fn.get(f) ?? 0) + d);
    totalMs += d;
  });
  await page.close();
}
console.log('per load ms (main thread samples):', (totalMs / 5).toFixed(0));
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log((v / 5).toFixed(1).padStart(7), k);
console.log('--- functions');
for (const [k, v] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / 5).toFixed(1).padStart(7), k);
await browser.close();
