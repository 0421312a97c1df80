import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForHydration } from './islands.ts';

/** The WCAG 2.1 A/AA rule sets the pages promise to pass. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeOptions {
  /** Rule tags to run; 'all' runs every rule, best practices included (the stricter check). */
  tags?: readonly string[] | 'all';
  /** Put before each line, e.g. the path, so a loop over pages says which one failed. */
  label?: string;
}

/** Violations as readable lines (rule id and the offending elements); empty when the page is clean. */
export async function axeViolations(page: Page, { tags = WCAG_AA, label }: AxeOptions = {}): Promise<string[]> {
  // An island hydrating while axe runs re-renders what axe is measuring (seen as a contrast failure
  // on the node page's Report button, which hydrates when the browser is idle).
  await waitForHydration(page);
  // Colours measured mid-transition (a button fading in as it is enabled) are neither state's colours.
  // Endless ones (spinners) never finish, so only those with an end are awaited.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  // Legacy mode runs axe.run() inside the page. The default runs axe.runPartial() and then finishes
  // in a fresh blank page it opens for every check: three to four times the cost (≈ 1.8 s against
  // 0.5 s on the node page), which made axe the largest part of the browser suite. Our pages have no
  // cross-origin frames, the case the default mode exists for.
  // Only violations are read, so only they get node details: by default axe also builds a CSS selector
  // and an HTML snippet for every passing node (thousands on a long page), most of its time.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const results = await (tags === 'all' ? builder : builder.withTags([...tags])).analyze();
  const prefix = label ? `${label} ` : '';
  return results.violations.map((v) => `${prefix}${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

export async function expectAxeClean(page: Page, options: AxeOptions = {}): Promise<void> {
  expect(await axeViolations(page, options)).toEqual([]);
}
