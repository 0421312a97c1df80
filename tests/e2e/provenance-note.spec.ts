import { expect as baseExpect, test } from './support/test.ts';
import ar from '../../src/i18n/locales/provenance/ar.json' with { type: 'json' };
import en from '../../src/i18n/locales/provenance/en.json' with { type: 'json' };
import { githubActionsClaims, startOidcIssuer, type OidcIssuer } from '#test/oidc-issuer.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { ensureAccount, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated } from './support/islands.ts';
import { FAKE_OIDC_ISSUER_PORT } from './support/ports.ts';

// Issue 28.6 in the browser: a version published through trusted publishing (a CI identity token from a
// local issuer the server trusts, playwright.config.ts) shows on its node page where it was built,
// "Built from owner/repo@commit by the workflow publish.yml", in English and in Arabic (right to left,
// the repository and commit kept left to right); axe passes on both.

const expect = baseExpect.configure({ timeout: 20_000 });
const REPO = 'octo-org/comfyui-example';
const claims = githubActionsClaims(REPO);

let issuer: OidcIssuer;
let nodeId: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  issuer = await startOidcIssuer({ now: () => new Date() }, FAKE_OIDC_ISSUER_PORT);
  const auth = { authorization: `Bearer ${await ensureAccount(`provenance-${stamp()}@example.test`, true)}` };
  const publisherId = `prov-${stamp()}`;
  nodeId = `prov-node-${stamp()}`;
  const created = await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'CI' } });
  expect(created.status()).toBe(201);
  const registered = await request.post(`/api/publishers/${publisherId}/trusted-publishers`, {
    headers: auth,
    // Not GitHub Actions (the default issuer) but the local one.
    data: { repository: REPO, workflow: 'publish.yml', node_id: nodeId, issuer: issuer.url },
  });
  expect(registered.status()).toBe(201);

  // What the publish action does in CI: exchange the job's identity token, then comfy-cli's publish and upload.
  const exchanged = await request.post('/api/trusted-publishing/exchange', {
    data: { token: await issuer.sign(claims) },
  });
  expect(exchanged.status(), await exchanged.text()).toBe(201);
  const { token } = (await exchanged.json()) as { token: string };
  const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: token,
      node: { id: nodeId, name: 'Provenance Pack', license: '{"text": "MIT"}' },
      node_version: { version: '1.0.0', dependencies: [] },
    },
  });
  expect(published.status()).toBe(201);
  const url = new URL(((await published.json()) as { signedUrl: string }).signedUrl);
  const uploaded = await request.put(`/api${url.pathname}${url.search}`, {
    headers: { 'content-type': 'application/zip' },
    data: Buffer.from(buildZip(samplePackFiles(nodeId))),
  });
  expect(uploaded.status()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/nodes/${nodeId}/versions/1.0.0`)).json()) as { status?: string }).status,
      { timeout: 30_000 },
    )
    .toBe('NodeVersionStatusActive');
});

test.afterAll(async () => {
  await issuer?.close();
});

test('the node page says where a trusted-published version was built, in English and Arabic', async ({ page }) => {
  const builtFrom = `${REPO}@${claims.sha.slice(0, 12)}`;

  await gotoHydrated(page, `/en/nodes/${nodeId}`);
  const note = page.getByTestId('provenance-note');
  await expect(note.getByRole('heading', { name: en.provenance.heading })).toBeVisible();
  await expect(note).toContainText(`${en.provenance.builtFrom} ${builtFrom} ${en.provenance.byWorkflow} publish.yml`);
  await expect(note.getByRole('link', { name: en.provenance.statement })).toHaveAttribute(
    'href',
    new RegExp(`/nodes/${nodeId}/versions/1\\.0\\.0/provenance$`),
  );
  await expectAxeClean(page, { label: 'node page provenance (en)' });

  await gotoHydrated(page, `/ar/nodes/${nodeId}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(note.getByRole('heading', { name: ar.provenance.heading })).toBeVisible();
  await expect(note).toContainText(ar.provenance.builtFrom);
  // The repository and commit read left to right inside the Arabic sentence.
  await expect(note.locator('code[dir="ltr"]').first()).toHaveText(builtFrom);
  await expectAxeClean(page, { label: 'node page provenance (ar)' });
});
