import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { seedDemoReleases } from '../releases/demo-releases.ts';
import { seedDemoCi } from './demo-ci.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo CI and release data', () => {
  it('fills the default repository and the release notes, and is safe to run twice', async () => {
    const now = new Date();
    expect(await seedDemoCi(t.services.db, now)).toBe(24);
    await seedDemoCi(t.services.db, now);
    await seedDemoReleases(t.services.db, now);
    await seedDemoReleases(t.services.db, now);
    const summary = (await (await t.request('/gitcommitsummary?pageSize=100')).json()) as {
      commitSummaries: { status_summary: Record<string, string> }[];
    };
    expect(summary.commitSummaries).toHaveLength(8);
    expect(Object.keys(summary.commitSummaries[0]!.status_summary).sort()).toEqual(['linux', 'macos', 'windows']);
    expect(await (await t.request('/branch')).json()).toEqual({ branches: ['master', 'release-candidate'] });
    const notes = (await (await t.request('/releases?project=comfyui')).json()) as { version: string }[];
    expect(notes.map((n) => n.version)).toEqual(['0.4.1', '0.4.0']);
  });
});
