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
  const builder = new AxeBuilder({ page });
  const results = await (tags === 'all' ? builder : builder.withTags([...tags])).analyze();
  const prefix = label ? `${label} ` : '';
  return results.violations.map((v) => `${prefix}${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

export async function expectAxeClean(page: Page, options: AxeOptions = {}): Promise<void> {
  expect(await axeViolations(page, options)).toEqual([]);
}
