import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { adminToken } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { keepScreenshot } from './support/shot.ts';

// The Comfy CI dashboard and the release notes page against the real server. Data is arranged
// through the API as the e2e admin (ADMIN_EMAILS in playwright.config.ts): uploads are idempotent
// and a release that exists already answers 409, so every worker may arrange it again safely.

const REPO = 'nodeyard-e2e/ci-check';
const CI_PATH = `/ci?repo=${encodeURIComponent(REPO)}`;

function upload(overrides: Record<string, unknown>) {
  return {
    repo: REPO,
    job_id: 'job',
    run_id: 'run',
    os: 'linux',
    commit_message: 'A commit',
    workflow_name: 'default.json',
    branch_name: 'master',
    start_time: 1_780_000_000,
    end_time: 1_780_000_300,
    pr_number: '',
    author: 'comfy-dev',
    job_trigger_user: 'comfy-dev',
    python_version: '3.12',
    status: 'WorkflowRunStatusCompleted',
    ...overrides,
  };
}

const RUNS = [
  // The newest commit (feature branch): passes on Linux/4090, fails on Windows.
  {
    commit_hash: 'feed00000000000000000000000000000000beef',
    commit_time: '2026-05-03T09:00:00Z',
    branch_name: 'feature-x',
    commit_message: 'Speed up the VAE decode',
    os: 'linux',
    machine_stats: { gpu_type: 'NVIDIA RTX 4090' },
  },
  {
    commit_hash: 'feed00000000000000000000000000000000beef',
    commit_time: '2026-05-03T09:00:00Z',
    branch_name: 'feature-x',
    commit_message: 'Speed up the VAE decode',
    os: 'windows',
    machine_stats: { gpu_type: 'NVIDIA RTX 4090' },
    status: 'WorkflowRunStatusFailed',
  },
  // The older commit (master): passes everywhere but one job still running on macOS.
  {
    commit_hash: 'cafe00000000000000000000000000000000f00d',
    commit_time: '2026-05-02T09:00:00Z',
    commit_message: 'Fix the sampler',
    os: 'linux',
    machine_stats: { gpu_type: 'NVIDIA RTX 4090' },
  },
  {
    commit_hash: 'cafe00000000000000000000000000000000f00d',
    commit_time: '2026-05-02T09:00:00Z',
    commit_message: 'Fix the sampler',
    os: 'windows',
    machine_stats: { gpu_type: 'NVIDIA RTX 4090' },
  },
  {
    commit_hash: 'cafe00000000000000000000000000000000f00d',
    commit_time: '2026-05-02T09:00:00Z',
    commit_message: 'Fix the sampler',
    os: 'macos',
    status: 'WorkflowRunStatusStarted',
  },
];

const NOTES = [
  {
    project: 'cloud',
    version: '9.1.0',
    attention: 'high',
    content:
      '# Faster queues\n\n- **Twice** as fast\n- [Docs](https://docs.comfy.org)\n\n<script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2">',
    published_at: '2026-05-10T00:00:00Z',
  },
  {
    project: 'cloud',
    version: '9.1.0',
    locale: 'zh',
    attention: 'high',
    content: '# 更快的队列\n\n- 速度提高 **两倍**',
    published_at: '2026-05-10T00:00:00Z',
  },
  {
    project: 'cloud',
    version: '9.0.0',
    attention: 'low',
    content: 'First **cloud** release.',
    published_at: '2026-04-01T00:00:00Z',
  },
  {
    project: 'desktop',
    version: '9.0.0',
    attention: 'medium',
    content: 'Desktop notes.',
    published_at: '2026-04-15T00:00:00Z',
  },
];

async function arrange(request: APIRequestContext) {
  const token = await adminToken();
  const headers = { authorization: `Bearer ${token}` };
  const me = await request.get('/api/users', { headers });
  expect(await me.json()).toMatchObject({ isAdmin: true });
  for (const run of RUNS) {
    const response = await request.post('/api/upload-artifact', { headers, data: upload(run) });
    expect(response.status(), await response.text()).toBe(200);
  }
  for (const note of NOTES) {
    const response = await request.post('/api/admin/releases', { headers, data: note });
    expect([201, 409], await response.text()).toContain(response.status());
  }
}

test.beforeAll(async ({ request }) => {
  await arrange(request);
});

test.describe('the CI page', () => {
  test('shows the latest commits with a result per OS and GPU', async ({ page }) => {
    await page.goto(`/en${CI_PATH}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comfy CI results');
    const rows = page.getByTestId('ci-commit');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-commit', 'feed00000000000000000000000000000000beef');
    await expect(page.getByTestId('ci-column')).toHaveText([
      /Linux\s*NVIDIA RTX 4090/,
      /macOS\s*GPU not reported/,
      /Windows\s*NVIDIA RTX 4090/,
    ]);
    const newest = rows.nth(0);
    await expect(newest.locator('td[data-column="linux NVIDIA RTX 4090"]')).toHaveText(/Passed/);
    await expect(newest.locator('td[data-column="windows NVIDIA RTX 4090"]')).toHaveText(/Failed/);
    await expect(newest.locator('td[data-column="macos"]')).toHaveText(/Not run/);
    await expect(rows.nth(1).locator('td[data-column="macos"]')).toHaveText(/Running/);
    await expect(newest.getByRole('link', { name: 'Commit feed000 on GitHub' })).toHaveAttribute(
      'href',
      `https://github.com/${REPO}/commit/feed00000000000000000000000000000000beef`,
    );
  });

  test('filters by branch with the form', async ({ page }) => {
    await page.goto(`/en${CI_PATH}`);
    await page.getByLabel('Branch').selectOption('feature-x');
    await page.getByTestId('ci-apply').click();
    await expect(page).toHaveURL(/branch=feature-x/);
    await expect(page.getByTestId('ci-commit')).toHaveCount(1);
    await page.getByTestId('ci-clear').click();
    await expect(page.getByTestId('ci-commit')).toHaveCount(2);
  });

  test('filters by branch with JavaScript turned off', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    const page = await context.newPage();
    await page.goto(`/en${CI_PATH}`);
    await page.getByLabel('Branch').selectOption('master');
    await page.getByTestId('ci-apply').click();
    await expect(page).toHaveURL(/branch=master/);
    await expect(page.getByTestId('ci-commit')).toHaveCount(1);
    await expect(page.getByTestId('ci-commit')).toHaveAttribute('data-commit', /^cafe/);
    await context.close();
  });
});

test.describe('the releases page', () => {
  test('lists a project’s notes newest first, rendered and sanitised', async ({ page }) => {
    await page.goto('/en/releases?project=cloud');
    await expect(page.getByRole('link', { name: 'Comfy Cloud' })).toHaveAttribute('aria-current', 'page');
    const notes = page.getByTestId('release-note');
    await expect(notes).toHaveCount(2);
    await expect(notes.nth(0)).toHaveAttribute('data-version', '9.1.0');
    await expect(notes.nth(0).getByRole('heading', { level: 2 })).toHaveText('Comfy Cloud 9.1.0');
    await expect(notes.nth(0)).toContainText('Important update');
    await expect(notes.nth(0).getByRole('heading', { level: 3 })).toHaveText('Faster queues');
    await expect(notes.nth(0).locator('li strong')).toHaveText('Twice');
    await expect(notes.nth(0).locator('script')).toHaveCount(0);
    await expect(notes.nth(0).locator('[onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(notes.nth(1)).toHaveAttribute('data-version', '9.0.0');
  });

  test('the project links filter, and a translated note is shown in the page’s language', async ({ page }) => {
    await page.goto('/en/releases');
    await page.getByRole('link', { name: 'ComfyUI Desktop' }).click();
    await expect(page).toHaveURL(/project=desktop/);
    await expect(page.getByTestId('release-note').first()).toHaveAttribute('data-project', 'desktop');
    await page.goto('/zh/releases?project=cloud');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('发行说明');
    await expect(page.getByTestId('release-note').nth(0)).toContainText('更快的队列');
    await expect(page.getByTestId('release-note').nth(1)).toContainText('以英文显示');
  });
});

for (const scheme of ['light', 'dark'] as const) {
  for (const path of [`/en${CI_PATH}`, `/ar${CI_PATH}`, '/en/releases?project=cloud', '/ar/releases']) {
    test(`${path} passes axe in ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
      await expectAxeClean(page);
    });
  }
}

test('screenshots in en, ar and zh, light and dark', async ({ page }) => {
  test.setTimeout(90_000);
  for (const lang of ['en', 'ar', 'zh']) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/${lang}${CI_PATH}`);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await keepScreenshot(page, `test-results/ci-releases/ci-${lang}-${scheme}.png`, { fullPage: true });
      await page.goto(`/${lang}/releases`);
      await keepScreenshot(page, `test-results/ci-releases/releases-${lang}-${scheme}.png`, { fullPage: true });
    }
  }
});
