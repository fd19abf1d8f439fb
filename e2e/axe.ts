import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.2 A/AA rule sets every screen is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface AxeScope {
  /** Only this part of the page (a CSS selector), e.g. a dialog; the whole page when absent. */
  include?: string;
}

/**
 * axe on what the page shows now, at WCAG 2.2 A/AA: no violation of any impact (a "minor" one is still a person who
 * cannot use the screen). The message lists each rule with the elements it caught, so a failure says what to fix.
 */
export async function expectNoAxeViolations(page: Page, label: string, scope: AxeScope = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (scope.include) builder = builder.include(scope.include);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'unknown'}): ${v.help}\n  ${v.nodes
        .map((n) => `${n.target.join(' ')} — ${n.html.slice(0, 160)}`)
        .join('\n  ')}`,
  );
  // AXE_SOFT=1: a sweep that lists every screen's findings in one run instead of stopping at the first.
  (process.env['AXE_SOFT'] ? expect.soft : expect)(found, `axe on ${label}`).toEqual([]);
}

/**
 * The same check in the light and the dark theme (contrast differs), with transitions off so no colour is caught
 * mid-fade; the page is left in the theme it had been emulating before (light unless told).
 */
export async function expectNoAxeViolationsInBothThemes(
  page: Page,
  label: string,
  scope: AxeScope & { restore?: 'light' | 'dark' } = {},
): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await expectNoAxeViolations(page, `${label} (${colorScheme})`, scope);
  }
  await page.emulateMedia({ colorScheme: scope.restore ?? 'light', reducedMotion: 'no-preference' });
}
