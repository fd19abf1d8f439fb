import fs from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import type { LogRecord } from '../src/core/store/thread-log';
import { startDeskHostWithThreads, type DeskHost } from './desk-host';
import { expectNoAxeViolations } from './axe';

/**
 * The chat header and the sidebar at 800×600 and 1280×800: the thread's title stays readable (at least 30
 * characters) in two rows at most, and the sidebar leaves the chat most of a small window. A thread is written to
 * the data dir; no turn runs.
 */
const TITLE = 'Refactor the payment reconciliation job before the audit';
const SHOTS = process.env.SHOTS_DIR ?? 'e2e/screenshots/screens';
let host: DeskHost;

test.beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  const at = Date.now();
  const records: LogRecord[] = [
    {
      op: 'meta',
      at,
      id: 't-long',
      title: TITLE,
      createdAt: at,
      settings: { projectDir: '/home/me/payments-service' },
    },
    { op: 'user', at, message: { id: 'u1', role: 'user', createdAt: at, text: 'Where do we start?' } },
    {
      op: 'assistant',
      at: at + 1,
      message: {
        id: 'a1',
        role: 'assistant',
        createdAt: at + 1,
        status: 'done',
        parts: [{ kind: 'text', text: 'Here.' }],
      },
    },
  ];
  host = await startDeskHostWithThreads('header', { 't-long': records });
});
test.afterAll(async () => {
  await host?.stop();
});

/** How many characters of the title are on screen: its box's width over the width of its own text, as rendered. */
async function titleCharactersShown(page: Page): Promise<number> {
  // A string, evaluated in the page: this project has no DOM types.
  return page.evaluate(`(() => {
    const h1 = document.querySelector('[data-testid="chat-title"]');
    const range = document.createRange();
    range.selectNodeContents(h1);
    const full = range.getBoundingClientRect().width;
    const text = h1.textContent;
    return Math.min(text.length, Math.floor((h1.clientWidth / full) * text.length));
  })()`);
}

test('at 800×600 the title keeps 30+ characters in a two-row header, and the sidebar slims; at 1280 one row', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('thread-item').filter({ hasText: 'Refactor the payment' }).click();
  await expect(page.getByTestId('chat-title')).toHaveText(TITLE);
  const header = page.getByTestId('chat-header');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    for (const [w, h] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      // The header's layout follows its own width once measured: wait for the one this size gets.
      if (w === 800) await expect(header).toHaveAttribute('data-narrow', 'true');
      else await expect(header).not.toHaveAttribute('data-narrow');
      await page.screenshot({ path: `${SHOTS}/header-${theme}-${w}x${h}.png` });
      const box = (await header.boundingBox())!;
      const sidebar = (await page.locator('.sidebar').boundingBox())!;
      if (w === 800) {
        expect(sidebar.width).toBeLessThanOrEqual(240);
        expect(await titleCharactersShown(page)).toBeGreaterThanOrEqual(30);
        expect(box.height).toBeLessThanOrEqual(96); // two rows
      } else {
        expect(box.height).toBeLessThanOrEqual(72); // one row: the title over its meta, controls beside
        expect(await titleCharactersShown(page)).toBe(TITLE.length);
      }
      await expectNoAxeViolations(page, `header (${theme}, ${w}×${h})`);
    }
  }
});
