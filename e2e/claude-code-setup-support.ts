import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

/** Screenshots for a person to look at, outside the repository (CLAUDE_DESK_SHOTS). */
export const SHOTS = process.env.CLAUDE_DESK_SHOTS;
export const SIZES = [
  [1280, 800],
  [800, 600],
] as const;

/** Write a file, its folders first. */
export async function put(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

/**
 * axe (WCAG 2.2 A/AA) on the Settings → Claude Code section in both themes, and its screenshots at both sizes.
 * `include`: another part to check (a dialog); `show`: a part scrolled into view for the screenshots.
 */
export async function checkPage(
  page: Page,
  name: string,
  include = '[data-testid="claude-code-setup"]',
  show?: Locator,
): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await expectNoAxeViolations(page, `${name} (${theme})`, { include });
    if (!SHOTS) continue;
    await fs.mkdir(SHOTS, { recursive: true });
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await show?.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${name}-${w}x${h}-${theme}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
