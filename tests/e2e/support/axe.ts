import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  const builder = new AxeBuilder({ page });
  const results = await (tags === 'all' ? builder : builder.withTags([...tags])).analyze();
  const prefix = label ? `${label} ` : '';
  return results.violations.map((v) => `${prefix}${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

export async function expectAxeClean(page: Page, options: AxeOptions = {}): Promise<void> {
  expect(await axeViolations(page, options)).toEqual([]);
}
