import fs from 'node:fs/promises';
import { test, expect, type Locator, type Page } from '@playwright/test';
import type { LogRecord } from '../src/core/store/thread-log';
import { startDeskHostWithThreads, type DeskHost } from './desk-host';
import { expectNoAxeViolations } from './axe';

/**
 * What an 800×600 window (and a 1280×800 one) must still show whole: the sidebar's tab labels, every Settings
 * section without a sideways scroll, and an answer's last lines not hidden under "Jump to latest". A thread with
 * a long answer ending in a wide table is written to the data dir; no turn runs.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'e2e/screenshots/screens';
const SIZES = [
  [1280, 800],
  [800, 600],
] as const;
const THEMES = ['light', 'dark'] as const;
const TABLE = [
  '| Job | Owner | Schedule | Last run | Duration | Rows read | Rows written | Status |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...Array.from(
    { length: 6 },
    (_, i) =>
      `| reconcile-${i} | payments-team | every 15 minutes | 2026-12-0${i + 1} 04:1${i} | ${i + 3} min | 1,20${i},000 | 98,00${i} | ok |`,
  ),
].join('\n');
const ANSWER = [
  ...Array.from({ length: 30 }, (_, i) => `Step ${i + 1}: a paragraph that makes the answer long enough to scroll.`),
  TABLE,
].join('\n\n');
let host: DeskHost;

test.beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  const at = Date.now();
  const records: LogRecord[] = [
    { op: 'meta', at, id: 't-jobs', title: 'Jobs table', createdAt: at, settings: { projectDir: '/home/me/payments' } },
    { op: 'user', at, message: { id: 'u1', role: 'user', createdAt: at, text: 'List the jobs.' } },
    {
      op: 'assistant',
      at: at + 1,
      message: {
        id: 'a1',
        role: 'assistant',
        createdAt: at + 1,
        status: 'done',
        parts: [{ kind: 'text', text: ANSWER }],
      },
    },
  ];
  // A plain chat beside it: with two projects the list groups by project, so a project heading shows.
  const plain: LogRecord[] = [
    { op: 'meta', at: at - 1000, id: 't-plain', title: 'Plain question', createdAt: at - 1000 },
  ];
  host = await startDeskHostWithThreads('fit', { 't-jobs': records, 't-plain': plain });
});
test.afterAll(async () => {
  await host?.stop();
});

/** The element's content fits its box: nothing cut or spilling out sideways (this project has no DOM types). */
function fitsSideways(el: Locator): Promise<boolean> {
  return el.evaluate((node) => {
    const box = node as unknown as { scrollWidth: number; clientWidth: number };
    return box.scrollWidth <= box.clientWidth;
  });
}

async function atSize(page: Page, theme: (typeof THEMES)[number], w: number, h: number): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.setViewportSize({ width: w, height: h });
}

test("the sidebar's tabs show their whole labels at 1280, 800 and over the chat at 700", async ({ page }) => {
  await page.goto(host.url);
  const tabs = page.getByRole('tablist', { name: 'Sidebar' }).getByRole('tab');
  await expect(tabs).toHaveCount(3);
  for (const theme of THEMES) {
    for (const [w, h] of [...SIZES, [700, 600] as const]) {
      await atSize(page, theme, w, h);
      if (w === 700) await page.getByTestId('sidebar-toggle').click();
      await expect(tabs.first()).toBeVisible();
      for (const tab of await tabs.all()) {
        const name = `${await tab.textContent()} at ${w}`;
        expect(await fitsSideways(tab), name).toBe(true);
        expect(await fitsSideways(tab.locator('.sidebar-tab-label')), `${name}: the word is cut`).toBe(true);
        // An icon shows at its size or not at all (squeezed, Threads' became a dot).
        const icon = await tab.locator('svg').boundingBox();
        if (icon) expect(icon.width, `${name}: its icon`).toBeGreaterThanOrEqual(13.5);
      }
      // The strip lines up with New thread, inside the sidebar, not against its edges.
      const strip = (await page.getByRole('tablist', { name: 'Sidebar' }).boundingBox())!;
      const add = (await page.getByTestId('new-thread').boundingBox())!;
      expect(Math.abs(strip.x - add.x), `strip's left edge at ${w}`).toBeLessThanOrEqual(1);
      expect(Math.abs(strip.x + strip.width - (add.x + add.width)), `strip's right edge at ${w}`).toBeLessThanOrEqual(
        1,
      );
      // The project heading's pin and + (shared row-action buttons) as the pointer shows them.
      await page.getByTestId('project-group').filter({ hasText: 'payments' }).hover();
      await page.locator('.sidebar').screenshot({ path: `${SHOTS}/sidebar-tabs-${theme}-${w}x${h}.png` });
      await expectNoAxeViolations(page, `sidebar tabs (${theme}, ${w}×${h})`);
      if (w === 700) {
        await page.mouse.click(w - 20, h / 2); // beside the overlaid sidebar: it closes
        await expect(tabs.first()).toBeHidden();
      }
    }
  }
});

test('at 800×600 every Settings section is reachable without a sideways scroll, by mouse and keyboard', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('open-settings').click();
  const nav = page.getByRole('navigation', { name: 'Settings sections' });
  const items = nav.getByRole('button');
  for (const theme of THEMES) {
    for (const [w, h] of SIZES) {
      await atSize(page, theme, w, h);
      await expect(items.first()).toBeVisible();
      expect(await fitsSideways(nav), `the section list scrolls sideways at ${w}`).toBe(true);
      for (const item of await items.all()) await expect(item).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `${SHOTS}/settings-nav-${theme}-${w}x${h}.png` });
      await expectNoAxeViolations(page, `settings sections (${theme}, ${w}×${h})`);
    }
  }
  // The last section by keyboard alone: Tab moves through the list, Enter opens it.
  await items.first().focus();
  const count = await items.count();
  for (let i = 1; i < count; i++) await page.keyboard.press('Tab');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(items.last()).toHaveAttribute('aria-current', 'page');
});

test('"Jump to latest" sits below the conversation, never over the answer being read', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('thread-item').filter({ hasText: 'Jobs table' }).click();
  const scroller = page.getByTestId('message-scroller');
  const table = page.getByTestId('assistant-message').locator('table');
  for (const theme of THEMES) {
    for (const [w, h] of SIZES) {
      await atSize(page, theme, w, h);
      await scroller.hover();
      await page.mouse.wheel(0, 100_000);
      await expect(page.getByTestId('jump-latest')).toBeHidden();
      // A little way up: the table's last rows are at the bottom of the view, where the button would float.
      await page.mouse.wheel(0, -120);
      const jump = page.getByTestId('jump-latest');
      await expect(jump).toBeVisible();
      await expect(table).toBeInViewport();
      const b = (await jump.boundingBox())!;
      const s = (await scroller.boundingBox())!;
      await page.screenshot({ path: `${SHOTS}/jump-latest-${theme}-${w}x${h}.png` });
      // Not over the scrolled text: the button's box starts at or below the conversation's bottom edge.
      expect(b.y, `jump at ${w}`).toBeGreaterThanOrEqual(s.y + s.height - 0.5);
      await expectNoAxeViolations(page, `jump to latest (${theme}, ${w}×${h})`);
    }
  }
});

test("an answer's wide table keeps its words whole and scrolls sideways, reachable by keyboard", async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('thread-item').filter({ hasText: 'Jobs table' }).click();
  const table = page.getByTestId('assistant-message').locator('table');
  for (const theme of THEMES) {
    for (const [w, h] of SIZES) {
      await atSize(page, theme, w, h);
      await table.scrollIntoViewIfNeeded();
      // Every word without a hyphen lies on one line of its cell (anywhere-wrap split "Schedule" into "Sched/ule").
      const split = await table.evaluate((node) => {
        const doc = (node as unknown as { ownerDocument: { createRange(): DomRange } }).ownerDocument;
        const cells = (node as unknown as { querySelectorAll(s: string): ArrayLike<DomNode> }).querySelectorAll(
          'th, td',
        );
        const broken: string[] = [];
        for (const cell of Array.from(cells)) {
          const text = cell.firstChild;
          if (!text || typeof text.textContent !== 'string') continue;
          for (const m of text.textContent.matchAll(/[^\s-]{4,}/g)) {
            const range = doc.createRange();
            range.setStart(text, m.index);
            range.setEnd(text, m.index + m[0].length);
            if (range.getClientRects().length > 1) broken.push(m[0]);
          }
        }
        return broken;
      });
      expect(split, `words split at ${theme} ${w}×${h}`).toEqual([]);
      if (w === 800) expect(await fitsSideways(table)).toBe(false);
      await table.focus();
      await expect(table).toBeFocused();
      await page.screenshot({ path: `${SHOTS}/wide-table-${theme}-${w}x${h}.png` });
      await expectNoAxeViolations(page, `wide table (${theme}, ${w}×${h})`);
    }
  }
});

/** The few DOM shapes the table check reads (this project compiles e2e without DOM types). */
interface DomNode {
  firstChild: DomNode | null;
  textContent: string | null;
}
interface DomRange {
  setStart(node: DomNode, offset: number): void;
  setEnd(node: DomNode, offset: number): void;
  getClientRects(): { length: number };
}
