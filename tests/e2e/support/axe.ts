import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { waitForHydration } from './islands.ts';

/** The WCAG 2.1 A/AA rule sets the pages promise to pass. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeOptions {
  /** Rule tags to run; 'all' runs every rule, best practices included (the stricter check). */
  tags?: readonly string[] | 'all';
  /** Put before each line, e.g. the path, so a loop over pages says which one failed. */
  label?: string;
}

/** axe-core's browser build, read once per test worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe into a frame's document unless that document already has it (a second check of the same
 * page state, e.g. with a dialog open). Evaluating its ≈ 550 KB source was about half of every check:
 * @axe-core/playwright's legacy mode evaluated it twice per check in the main frame, and once more in
 * every frame, on each call.
 */
async function injectAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate('typeof window.axe === "object"');
  if (present) return;
  await frame.evaluate(AXE_SOURCE);
  // Frames of our own origin are checked with the page, as axe's legacy mode does.
  await frame.evaluate('axe.configure({ allowedOrigins: ["<same_origin>"] })');
}

/** Violations as readable lines (rule id and the offending elements); empty when the page is clean. */
export async function axeViolations(page: Page, { tags = WCAG_AA, label }: AxeOptions = {}): Promise<string[]> {
  // An island hydrating while axe runs re-renders what axe is measuring (seen as a contrast failure
  // on the node page's Report button, which hydrates when the browser is idle).
  await waitForHydration(page);
  // Colours measured mid-transition (a button fading in as it is enabled) are neither state's colours.
  // Endless ones (spinners) never finish, so only those with an end are awaited. One cancelled midway
  // (its element re-rendered, or a new transition replacing it) rejects `finished` with an AbortError:
  // it is over, but whatever replaced it may still run, so the page is looked at again.
  await page.evaluate(async () => {
    for (let round = 0; round < 5; round += 1) {
      const running = document
        .getAnimations()
        .filter(
          (animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  // axe runs inside the page (what @axe-core/playwright calls legacy mode). Its default mode finishes
  // each check in a fresh blank page: three to four times the cost, for cross-origin frames, which our
  // pages do not have. Child frames get axe too, so same-origin frames are checked with the page; a
  // frame that cannot take it (detached, or another origin) is left out, as axe itself would.
  await injectAxe(page.mainFrame());
  for (const frame of page.frames().slice(1)) await injectAxe(frame).catch(() => undefined);
  // Only violations are read, so only they get node details: by default axe also builds a CSS selector
  // and an HTML snippet for every passing node (thousands on a long page), most of its time.
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(tags === 'all' ? {} : { runOnly: { type: 'tag', values: [...tags] } }),
  };
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    options,
  );
  const prefix = label ? `${label} ` : '';
  return results.violations.map((v) => `${prefix}${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

export async function expectAxeClean(page: Page, options: AxeOptions = {}): Promise<void> {
  expect(await axeViolations(page, options)).toEqual([]);
}
