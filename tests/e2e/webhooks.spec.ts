import { expect as baseExpect, test } from './support/test.ts';
import ar from '../../src/i18n/locales/webhooks/ar.json' with { type: 'json' };
import { ensureAccount, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { openSignedIn } from './support/session.ts';

// Issue 28.5 in the browser: an owner registers a webhook endpoint, copies its secret from the one
// notice that shows it, sends a test event and sees it listed as the last delivery, then removes
// the endpoint; axe passes in each state that matters, and the Arabic dashboard shows the section
// translated. The endpoint is on `.invalid` (a name that never resolves), so nothing leaves the machine.

const expect = baseExpect.configure({ timeout: 20_000 });

let email: string;
let publisherId: string;

test.beforeAll(async ({ request }) => {
  email = `hooks-${stamp()}@example.test`;
  const auth = { authorization: `Bearer ${await ensureAccount(email, true)}` };
  publisherId = `hooks-${stamp()}`;
  expect(
    (await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Hooked' } })).status(),
  ).toBe(201);
});

test('an owner adds an endpoint, sees its secret once, sends a test event and removes it', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, email, '/en/nodes', { timeout: 30_000 });
  const section = page.getByTestId('webhook-section');
  await expect(section.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await expect(section).toContainText('No webhook endpoints yet.');

  const form = section.getByTestId('create-webhook-form');
  await form.getByLabel('Endpoint URL').fill('https://hooks.invalid/nodeyard');
  await form.getByLabel('A version was published').check();
  await expect(form.getByLabel('A version was flagged (with its findings)')).toBeChecked();
  await expectAxeClean(page, { label: 'dashboard webhooks form' });
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const notice = section.getByTestId('new-webhook');
  await expect(notice.getByRole('heading', { name: 'Copy the signing secret now' })).toBeVisible();
  await expect(section.getByTestId('new-webhook-secret')).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
  await expectAxeClean(page, { label: 'new webhook secret' });
  await notice.getByRole('button', { name: 'Done' }).click();
  await expect(notice).toHaveCount(0);

  const row = section.getByTestId('webhook-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('https://hooks.invalid/nodeyard');
  await expect(row).toContainText('version.active, version.flagged, version.published');
  await expect(row).toContainText('Nothing sent yet.');
  await row.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText('Test event queued for https://hooks.invalid/nodeyard.')).toBeVisible();
  await expect(row.getByTestId('webhook-last-delivery')).toContainText('webhook.ping');
  await expectAxeClean(page, { label: 'webhook with a delivery' });

  await row.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Remove the endpoint https://hooks.invalid/nodeyard?');
  await expectAxeClean(page, { label: 'remove webhook dialog' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
  await expect(section).toContainText('No webhook endpoints yet.');
});

test('the Arabic dashboard shows the webhooks section translated and right to left', async ({ page }) => {
  test.setTimeout(90_000);
  await openSignedIn(page, email, '/ar/nodes', { timeout: 30_000 });
  const section = page.getByTestId('webhook-section');
  await expect(section.getByRole('heading', { name: ar.webhooks.heading })).toBeVisible();
  await expect(section).toContainText(ar.webhooks.empty);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAxeClean(page, { label: 'dashboard webhooks (ar)' });
});
