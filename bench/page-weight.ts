/**
 * JavaScript weight of pages, as Chromium downloads them: `npx node bench/page-weight.ts [--base URL] [path …]`.
 *
 * Opens each path (default `/en/`) in a fresh, anonymous browser context against a running site
 * (default http://127.0.0.1:4321, e.g. `npm start`), waits for the network to go idle (so
 * `client:idle`/`client:visible` islands count too) and prints, per page, the script files with
 * their bytes on the wire, their raw size and their gzip size (level 6, what a compressing proxy
 * would send when the server itself does not compress), plus whether any script contains Firebase.
 * Numbers, not assertions.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

interface ScriptEntry {
  url: string;
  transferred: number;
  raw: number;
  gzip: number;
  firebase: boolean;
}

const args = process.argv.slice(2);
const baseIndex = args.indexOf('--base');
const base = baseIndex >= 0 ? (args[baseIndex + 1] ?? '') : 'http://127.0.0.1:4321';
const paths = args.filter((_, index) => index !== baseIndex && index !== baseIndex + 1);
if (paths.length === 0) paths.push('/en/');

// Strings only the Firebase SDK carries (package names and its API host).
const FIREBASE_MARKERS = ['@firebase/', 'identitytoolkit.googleapis.com', 'firebaseapp.com'];

async function measure(path: string): Promise<ScriptEntry[]> {
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, { url: string }>();
    const finished = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url });
    });
    cdp.on('Network.loadingFinished', (event) => finished.set(event.requestId, event.encodedDataLength));
    await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
    const entries: ScriptEntry[] = [];
    for (const [requestId, { url }] of scripts) {
      // Scripts of a page that redirected away (e.g. a signed-in page sending a visitor to login)
      // are gone from the browser's buffer: count what the final page loaded.
      const response = await cdp.send('Network.getResponseBody', { requestId }).catch(() => undefined);
      if (!response) continue;
      const { body, base64Encoded } = response;
      const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
      const text = bytes.toString('utf8');
      entries.push({
        url: url.replace(base, ''),
        transferred: finished.get(requestId) ?? 0,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 6 }).length,
        firebase: FIREBASE_MARKERS.some((marker) => text.includes(marker)),
      });
    }
    return entries.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const path of paths) {
  const entries = await measure(path);
  const sum = (key: 'transferred' | 'raw' | 'gzip') => entries.reduce((total, entry) => total + entry[key], 0);
  console.log(`\n${path}: ${entries.length} scripts`);
  for (const entry of entries) {
    console.log(
      `  ${kb(entry.gzip).padStart(9)} gzip  ${kb(entry.raw).padStart(9)} raw  ${kb(entry.transferred).padStart(9)} wire  ${entry.url}${entry.firebase ? '  [firebase]' : ''}`,
    );
  }
  console.log(
    `  total: ${kb(sum('gzip'))} gzip (${sum('gzip')} bytes), ${kb(sum('raw'))} raw, ${kb(sum('transferred'))} on the wire; ` +
      `Firebase code: ${entries.some((entry) => entry.firebase) ? 'YES' : 'none'}`,
  );
}
