import fs from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import type { LogRecord } from '../src/core/store/thread-log';
import { startDeskHostWithThreads, type DeskHost } from './desk-host';
import { expectNoAxeViolations } from './axe';

/**
 * The thread list in browser mode: date groups, pins and the project filter survive a reload (the
 * host keeps them), and search shows plain-text snippets with the words marked. The threads are written as
 * thread logs before the host starts (no turn is needed to have a history); screenshots in both themes and
 * sizes, and axe on each.
 */
let host: DeskHost;
const SHOTS = 'e2e/screenshots/screens';
const DAY = 86_400_000;

function log(id: string, title: string, at: number, answer: string, projectDir?: string): LogRecord[] {
  const records: LogRecord[] = [
    { op: 'meta', at, id, title, createdAt: at, ...(projectDir ? { settings: { projectDir } } : {}) },
    { op: 'user', at, message: { id: `${id}-u`, role: 'user', createdAt: at, text: `Tell me about ${title}` } },
    {
      op: 'assistant',
      at: at + 1,
      message: {
        id: `${id}-a`,
        role: 'assistant',
        createdAt: at + 1,
        status: 'done',
        parts: [{ kind: 'text', text: answer }],
      },
    },
  ];
  return records;
}

test.beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  const now = Date.now();
  // Times that land in their groups whatever the clock says: "an hour ago" is yesterday just after midnight.
  const midnight = new Date(now).setHours(0, 0, 0, 0);
  const threads: [string, string, number, string, string?][] = [
    [
      't-today',
      'Parser plan',
      now - Math.min(3_600_000, (now - midnight) / 2),
      '## Parser\n\nThe tokenizer keeps `state` between calls.',
      '/home/me/app',
    ],
    [
      't-yesterday',
      'Budget review',
      midnight - DAY / 2,
      '## Budget\n\n| Item | Cost |\n| --- | --- |\n| **Spreadsheet** export | 3 days |',
      '/home/me/site',
    ],
    ['t-week', 'Release notes', now - 4 * DAY, 'Draft the notes for the spreadsheet import.', '/home/me/app'],
    ['t-old', 'Migration ideas', now - 90 * DAY, '- move the cache\n- keep the index', undefined],
  ];
  host = await startDeskHostWithThreads(
    'list',
    Object.fromEntries(threads.map(([id, title, at, answer, dir]) => [id, log(id, title, at, answer, dir)])),
  );
});
test.afterAll(async () => {
  await host?.stop();
});

/** The list as a person reads it: headings in brackets, then titles. */
/** Just what `listed` reads of a row (the e2e project has no DOM types). */
interface Row {
  className: string;
  textContent: string | null;
  querySelector(selector: string): { textContent: string | null } | null;
}
const listed = (page: Page) =>
  page
    .getByTestId('thread-list')
    .locator('li')
    .evaluateAll((lis) =>
      (lis as unknown as Row[]).map((li) =>
        li.className.includes('list-heading')
          ? `[${li.textContent ?? ''}]`
          : li.className.includes('project-heading')
            ? `<${li.querySelector('.project-name')?.textContent ?? ''}>`
            : (li.querySelector('.thread-title')?.textContent ?? ''),
      ),
    );

test('project groups, a pin and the project filter with its date groups; all come back after a reload', async ({
  page,
}) => {
  await page.goto(host.url);
  const list = page.getByTestId('thread-list');
  await expect(list.getByText('Migration ideas')).toBeVisible();
  // Threads in several projects: one group per project, the most recently used first.
  await expect
    .poll(() => listed(page))
    .toEqual([
      '<app>',
      'Parser plan',
      'Release notes',
      '<site>',
      'Budget review',
      '<Default workspace>',
      'Migration ideas',
    ]);

  const old = page.getByTestId('thread-item').filter({ hasText: 'Migration ideas' });
  await old.hover();
  await old.getByRole('button', { name: 'Pin Migration ideas' }).click();
  await expect
    .poll(() => listed(page))
    .toEqual(['[Pinned]', 'Migration ideas', '<app>', 'Parser plan', 'Release notes', '<site>', 'Budget review']);

  await page.getByTestId('project-filter').selectOption({ label: 'app' });
  await expect.poll(() => listed(page)).toEqual(['[Today]', 'Parser plan', '[Previous 7 days]', 'Release notes']);

  await page.reload();
  await expect(page.getByTestId('project-filter')).toHaveValue('/home/me/app');
  await expect.poll(() => listed(page)).toEqual(['[Today]', 'Parser plan', '[Previous 7 days]', 'Release notes']);
  await page.getByTestId('project-filter').selectOption({ label: 'All projects' });
  await expect(page.getByTestId('pinned-group')).toBeVisible();
  await expect(list.getByText('Migration ideas')).toBeVisible();
});

test('search shows plain-text snippets with the words marked; screenshots and axe in both themes and sizes', async ({
  page,
}) => {
  await page.goto(host.url);
  await expect(page.getByTestId('thread-list').getByText('Budget review')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    for (const [w, h] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: w, height: h });
      await page.getByTestId('thread-search').fill('');
      await expect(page.getByTestId('pinned-group')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/thread-list-${theme}-${w}x${h}.png` });
      await expectNoAxeViolations(page, `thread list (${theme}, ${w}×${h})`);

      await page.getByTestId('thread-search').fill('spreadsheet');
      const snippets = page.getByTestId('thread-snippet');
      await expect(snippets).toHaveCount(2);
      await expect(snippets.first().locator('mark')).toHaveText(/spreadsheet/i);
      for (const text of await snippets.allInnerTexts()) expect(text).not.toMatch(/##|\||\*\*/);
      await page.screenshot({ path: `${SHOTS}/thread-search-${theme}-${w}x${h}.png` });
      await expectNoAxeViolations(page, `thread search (${theme}, ${w}×${h})`);
    }
  }
});
