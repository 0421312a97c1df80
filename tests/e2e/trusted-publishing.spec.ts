import { expect as baseExpect, test } from './support/test.ts';
import ar from '../../src/i18n/locales/trusted-publishing/ar.json' with { type: 'json' };
import { ensureAccount, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { openSignedIn } from './support/session.ts';

// Issue 28.1 in the browser: an owner registers trusted publishers (for an existing node and, pending,
// for a node id not created yet), makes a node CI-only and removes a registration; axe passes in each
// state that matters, and the Arabic dashboard shows the section translated, laid out right to left.

const expect = baseExpect.configure({ timeout: 20_000 });

let email: string;
let publisherId: string;
let nodeId: string;

test.beforeAll(async ({ request }) => {
  email = `trusted-${stamp()}@example.test`;
  const auth = { authorization: `Bearer ${await ensureAccount(email, true)}` };
  publisherId = `trusted-${stamp()}`;
  nodeId = `ci-node-${stamp()}`;
  expect(
    (
      await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'CI Publishers' } })
    ).status(),
  ).toBe(201);
  expect(
    (await request.post(`/api/publishers/${publisherId}/nodes`, { headers: auth, data: { id: nodeId } })).status(),
  ).toBe(201);
});

test('an owner adds trusted publishers, makes a node CI-only and removes one', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, email, '/en/nodes', { timeout: 30_000 });
  const section = page.getByTestId('trusted-publishing-section');
  await expect(section.getByRole('heading', { name: 'Trusted publishing (CI)' })).toBeVisible();
  await expect(section).toContainText('No trusted publishers yet.');

  const form = section.getByTestId('add-trusted-publisher-form');
  const add = async (node: string, refPattern: string) => {
    await form.getByLabel('Node ID').fill(node);
    await form.getByLabel('Repository (owner/repo)').fill('octo-org/comfyui-example');
    await form.getByLabel('Workflow file').fill('publish.yml');
    await form.getByLabel('Ref pattern (optional)').fill(refPattern);
    await form.getByRole('button', { name: 'Add trusted publisher' }).click();
  };
  const rows = section.getByTestId('trusted-publisher-row');
  await add(nodeId, 'refs/tags/v*');
  // The form empties itself once the registration is saved: wait for that before typing the next.
  await expect(rows).toHaveCount(1);
  await expect(form.getByLabel('Node ID')).toHaveValue('');
  const pendingId = `later-${stamp()}`;
  await add(pendingId, '');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: pendingId })).toContainText('Pending');
  await expect(rows.filter({ hasText: nodeId })).toContainText('refs/tags/v*');

  const toggle = section.getByLabel(`Only trusted publishing may publish ${nodeId}`);
  await toggle.check();
  await expect(page.getByText(`${nodeId} now accepts publishes from trusted publishing only.`)).toBeVisible();
  await expect(toggle).toBeChecked();
  await expectAxeClean(page, { label: 'dashboard trusted publishing' });

  await rows.filter({ hasText: pendingId }).getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Remove the trusted publisher of ${pendingId}?`);
  await expectAxeClean(page, { label: 'remove trusted publisher dialog' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(rows).toHaveCount(1);
});

test('the Arabic dashboard shows the section translated and right to left', async ({ page }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, email, '/ar/nodes', { timeout: 30_000 });
  const section = page.getByTestId('trusted-publishing-section');
  await expect(section.getByRole('heading', { name: ar.trustedPublishing.heading })).toBeVisible();
  await expect(section).toContainText(ar.trustedPublishing.requireHeading);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAxeClean(page, { label: 'dashboard trusted publishing (ar)' });
});
