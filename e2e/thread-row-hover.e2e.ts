import { test, expect, type Page } from '@playwright/test';
import type { LogRecord } from '../src/core/store/thread-log';
import { startDeskHostWithThreads, type DeskHost } from './desk-host';

/**
 * A thread row's hover actions and its title: the title stays readable and clickable while the pointer is on the row.
 */
let host: DeskHost;
const SHOTS = 'e2e/screenshots/screens';
const TITLE = 'Refactor the parser errors';

const meta = (id: string, title: string, at: number): LogRecord[] => [
  { op: 'meta', at, id, title, createdAt: at },
  { op: 'user', at, message: { id: `${id}-u`, role: 'user', createdAt: at, text: `About ${title}` } },
];

test.beforeAll(async () => {
  const now = Date.now();
  host = await startDeskHostWithThreads('row-hover', {
    't-long': meta('t-long', TITLE, now - 60_000),
    't-short': meta('t-short', 'Notes', now - 120_000),
  });
});
test.afterAll(async () => {
  await host?.stop();
});

/** How much of the title shows, whether it is cut, and whether the buttons lie over it. */
async function measure(page: Page) {
  const row = page.getByTestId('thread-item').filter({ hasText: TITLE });
  return row.evaluate((element) => {
    type Box = { left: number; right: number; top: number; bottom: number };
    // The e2e project has no DOM types: just what is read here.
    const li = element as unknown as { querySelector(selector: string): unknown };
    const title = li.querySelector('.thread-title') as unknown as {
      getBoundingClientRect(): Box;
      scrollWidth: number;
      clientWidth: number;
    };
    const actions = li.querySelector('.thread-actions') as unknown as { getBoundingClientRect(): Box };
    const t = title.getBoundingClientRect();
    const a = actions.getBoundingClientRect();
    return {
      shown: title.clientWidth,
      cut: title.scrollWidth > title.clientWidth,
      covered: t.left < a.right && a.left < t.right && t.top < a.bottom && a.top < t.bottom,
    };
  });
}

for (const [width, height] of [
  [1280, 800],
  [800, 600],
] as const) {
  test(`a hovered row keeps its title readable and clickable at ${width}×${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(host.url);
    const row = page.getByTestId('thread-item').filter({ hasText: TITLE });
    await expect(row).toBeVisible();
    const still = await measure(page);
    await row.hover();
    await expect(row.getByRole('button', { name: `Open ${TITLE} beside` })).toBeVisible();
    const hovered = await measure(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await row.hover();
      await page.screenshot({
        path: `${SHOTS}/thread-row-hover-${width}-${scheme}.png`,
        clip: { x: 0, y: 0, width: 320, height: 260 },
      });
    }
    // As much of the title shows while the pointer is on the row as before, and no button lies over it.
    expect(hovered.shown).toBeGreaterThanOrEqual(still.shown);
    expect(hovered.cut).toBe(still.cut);
    expect(hovered.covered).toBe(false);
    if (width === 1280) expect(hovered.cut).toBe(false);
    // A click on the title's last word opens the thread.
    const title = row.locator('.thread-title');
    const box = (await title.boundingBox())!;
    await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
    await expect(page.getByTestId('chat-title').first()).toContainText(TITLE);
  });
}
