import { expect, test } from './support/test.ts';
import type { InstanceProcess } from '../../bench/lib/instance-process.ts';
import { startTestInstance } from '../support/test-instance.ts';
import { pgliteTemplateFile } from '../support/pglite-template.ts';

// A read-only mirror serves the site too (issue 27.5): an upstream with the demo packs (API only) and
// a mirror of it that serves the built site, each a server process of its own. The mirror's pages
// render the upstream's packs in English and Arabic, and the calls behind the dashboard's write
// screens (create a publisher, publish a version, edit a pack) answer 403 read_only_mirror.

const PACK = 'demo-upscale-tools';
// The build Playwright's own server serves (playwright.config.ts: its own per E2E_PORT).
const BUILD_DIR = process.env['E2E_PORT'] ? `.builds/${process.env['E2E_PORT']}` : 'dist';

let upstream: InstanceProcess | undefined;
let mirror: InstanceProcess | undefined;
/** The upstream's signed snapshot's sha256 of the pack's latest version. */
let latestSha256 = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName }, testInfo) => {
  void browserName; // Playwright needs a destructured fixture argument; the setup uses none.
  testInfo.setTimeout(240_000);
  // Both servers start from the migrated template database the server suites use (made here if no
  // suite made it yet), not from initdb and every migration: seconds of CPU each.
  const template = { NODEYARD_INSTANCE_PGLITE_TEMPLATE: await pgliteTemplateFile() };
  upstream = await startTestInstance(
    { ...template, SEED_DEMO_DATA: 'true', DATA_DIR: testInfo.outputPath('upstream') },
    180_000,
  );
  const keys = (await (await fetch(`${upstream.apiUrl}/index/v1/keys`)).json()) as { keys: { public_key: string }[] };
  const snapshot = (await (await fetch(`${upstream.apiUrl}/index/v1/snapshot`)).json()) as {
    packs: { id: string; latest_version: string }[];
    versions: { pack: string; version: string; sha256: string }[];
  };
  const latest = snapshot.packs.find((pack) => pack.id === PACK)!.latest_version;
  latestSha256 = snapshot.versions.find((v) => v.pack === PACK && v.version === latest)!.sha256;
  mirror = await startTestInstance(
    {
      ...template,
      NODEYARD_INSTANCE_SITE: 'true',
      NODEYARD_BUILD_DIR: BUILD_DIR,
      DATA_DIR: testInfo.outputPath('mirror'),
      MIRROR_UPSTREAM: upstream.apiUrl,
      MIRROR_UPSTREAM_KEYS: keys.keys.map((key) => key.public_key).join(','),
      MIRROR_POLL_SECONDS: '0.5',
    },
    180_000,
  );
  // Converged once the pack installs from the mirror's own copy.
  await expect
    .poll(async () => (await fetch(`${mirror!.apiUrl}/nodes/${PACK}/install`)).status, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  await Promise.all([upstream?.stop(), mirror?.stop()]);
});

for (const lang of ['en', 'ar'] as const) {
  test(`the node page renders the upstream's pack (${lang})`, async ({ page }) => {
    await page.goto(`${mirror!.siteUrl}/${lang}/nodes/${PACK}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('node-name')).toHaveText('Upscale Tools (demo)');
    await expect(page.getByTestId('publisher-link')).toHaveAttribute('href', `/${lang}/publishers/nodeyard-demo`);
    // The zip the mirror serves, hashed as the upstream's signed index says.
    await expect(page.getByTestId('version-sha256').first().locator('code')).toHaveText(latestSha256);
    const href = await page.getByTestId('version-download').first().getAttribute('href');
    expect(href).toContain(mirror!.apiUrl);
  });

  test(`the search page finds the upstream's packs (${lang})`, async ({ page }) => {
    await page.goto(`${mirror!.siteUrl}/${lang}/?q=upscale`);
    await expect(page.locator(`a[href="/${lang}/nodes/${PACK}"]`).first()).toBeVisible();
  });
}

test('the write screens’ calls answer 403 read_only_mirror', async ({ request }) => {
  const api = `${mirror!.siteUrl}/api`;
  const writes = [
    request.post(`${api}/publishers`, { data: { id: 'mirror-visitor', name: 'Visitor' } }),
    request.post(`${api}/publishers/nodeyard-demo/nodes/${PACK}/versions`, { data: {} }),
    request.put(`${api}/publishers/nodeyard-demo/nodes/${PACK}`, { data: { name: 'Renamed' } }),
    request.delete(`${api}/publishers/nodeyard-demo/nodes/${PACK}`),
  ];
  for (const answer of await Promise.all(writes)) {
    expect(answer.status(), answer.url()).toBe(403);
    expect(await answer.json()).toMatchObject({ error: 'read_only_mirror' });
  }
  // Reads behind the same pages stay open.
  expect((await request.get(`${api}/nodes/${PACK}`)).status()).toBe(200);
});
