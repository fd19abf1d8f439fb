import fs from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoJsonInCards } from './card-text';
import { expectNoAxeViolations } from './axe';

/**
 * Every main screen in both themes at 1280×800 and 800×600 — a screenshot of each (looked at by
 * a person, kept in e2e/screenshots/screens/), and axe on each: no violation of any impact.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
const SHOTS = process.env.SHOTS_DIR ?? 'e2e/screenshots/screens';

export const RICH_ANSWER = [
  '## Plan for the parser',
  '',
  'The tokenizer reads **one line at a time** and keeps `state` between calls. Three steps:',
  '',
  '1. Split on whitespace outside quotes.',
  '2. Map each token to a `Kind`.',
  '3. Fold the kinds into an AST.',
  '',
  '| Kind | Example | Notes |',
  '| --- | --- | --- |',
  '| Number | `42` | integers only |',
  '| String | `"hi"` | escapes allowed |',
  '',
  '```ts',
  'export function tokenize(line: string): Token[] {',
  '  return line.split(/\\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/).filter(Boolean).map((text) => ({ kind: kindOf(text), text }));',
  '}',
  '```',
  '',
  '> Quotes inside quotes are not handled yet.',
  '',
  '- [x] tokenizer',
  '- [ ] parser',
].join('\n');

test.beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  mock = await startMockAnthropicApi();
  mock.setResponder((req) =>
    JSON.stringify(req).includes('RICHANSWER') ? { kind: 'text', chunks: [RICH_ANSWER] } : undefined,
  );
  cli = realCliEnv(mock);
  // Ask mode, so the second thread stops on an approval card and stays there while the screens are taken.
  host = await startDeskHost({
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_PERMISSION_MODE: 'ask' },
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

/** A paste of copied text, as the browser delivers it to the text box. */
async function pasteText(page: Page, text: string): Promise<void> {
  // A string, evaluated in the page: this project has no DOM types.
  await page.evaluate(`(() => {
    const data = new DataTransfer();
    data.setData('text/plain', ${JSON.stringify(text)});
    const box = document.querySelector('textarea[aria-label="Message"]');
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  })()`);
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('new-thread').click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
}

test('every screen, both themes, 1280×800 and 800×600: screenshots, and axe finds nothing', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(host.url);
  // The person's own message: markdown with code, and a long paste folded into a chip (sent in full).
  await page.getByTestId('new-thread').click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(
    'Explain the parser plan RICHANSWER\n\nStart from **`tokenize`**:\n```ts\ntokenize(\'a "b c"\');\n```',
  );
  await pasteText(page, Array.from({ length: 40 }, (_, i) => `trace line ${i + 1}`).join('\n'));
  await expect(page.getByTestId('attachment')).toHaveText(/Pasted text · 40 lines/);
  await composer.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const asked = JSON.stringify(mock.requests.at(-1)?.body.messages);
  expect(asked).toContain('trace line 1\\n');
  expect(asked).toContain('trace line 40');
  const bubble = page.getByTestId('user-message');
  await expect(bubble.locator('pre code')).toContainText('tokenize');
  await expect(bubble.getByTestId('message-attachment')).toHaveText(/Pasted text · 40 lines/);
  await expect(bubble).not.toContainText('trace line 1');
  await send(page, 'SCENARIO:bash CMD[touch screens.txt] Please make the file');
  await expect(page.getByTestId('approval-card')).toBeVisible();
  await expectNoJsonInCards(page);
  const rich = page.getByTestId('thread-item').filter({ hasText: 'RICHANSWER' });
  const waiting = page.getByTestId('thread-item').filter({ hasText: 'SCENARIO:bash' });

  for (const theme of ['light', 'dark'] as const) {
    for (const [w, h] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      // Transitions off: a dialog caught mid-fade is neither a fair screenshot nor a fair contrast check.
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.setViewportSize({ width: w, height: h });
      const shot = async (name: string, axe = true) => {
        await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${w}x${h}.png` });
        if (axe) await expectNoAxeViolations(page, `${name} (${theme}, ${w}×${h})`);
      };

      await page.getByTestId('new-thread').click();
      await expect(page.getByTestId('chat-title')).toHaveText(/New/);
      await shot('empty-chat');

      // On the title's start: the row's hover actions (pin, beside, rename, delete) sit over its right half.
      await rich.click({ position: { x: 16, y: 12 } });
      await expect(page.getByRole('table')).toBeVisible();
      await shot('rich-answer');
      await page.getByTestId('message-attachment').getByRole('button', { expanded: false }).click();
      await expect(page.getByTestId('message-attachment-preview')).toContainText('trace line 40');
      await page.getByTestId('user-message').scrollIntoViewIfNeeded();
      await shot('user-message-paste-open');
      await page.getByTestId('message-attachment').getByRole('button', { expanded: true }).click();

      await waiting.click({ position: { x: 16, y: 12 } });
      await expect(page.getByTestId('approval-card')).toBeVisible();
      await shot('approval-card');

      // The slash picker over a thread, then the History: its list and a session.
      await rich.click({ position: { x: 16, y: 12 } });
      await page.getByRole('textbox', { name: 'Message' }).fill('/');
      await expect(page.getByTestId('command-picker').getByRole('option').first()).toBeVisible();
      await shot('slash-picker');
      await page.getByRole('textbox', { name: 'Message' }).fill('');
      await expect(page.getByTestId('command-picker')).toBeHidden();
      await page.getByTestId('tab-history').click();
      await page.getByTestId('history-item').filter({ hasText: 'RICHANSWER' }).click();
      await expect(page.getByTestId('session-transcript')).toContainText('Quotes inside quotes');
      await shot('history-session');
      await page.getByTestId('tab-threads').click();

      await page.getByTestId('thread-search').fill('parser');
      await expect(page.locator('.thread-snippet').first()).toBeVisible();
      await shot('search-results');
      await page.getByTestId('thread-search').fill('');

      await page.getByTestId('sidebar-toggle').click();
      await expect(page.getByTestId('new-thread')).toBeHidden();
      await shot('sidebar-collapsed', false);
      await page.getByTestId('sidebar-toggle').click();
      await expect(page.getByTestId('new-thread')).toBeVisible();

      await rich.hover();
      await rich.getByRole('button', { name: /^Delete/ }).click();
      await expect(page.getByTestId('delete-dialog')).toBeVisible();
      await shot('delete-dialog');
      await page.getByTestId('delete-dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.getByTestId('open-settings').click();
      for (const section of ['cli', 'permissions', 'tools', 'memory', 'history', 'appearance', 'diagnostics']) {
        await page.getByTestId(`settings-nav-${section}`).click();
        await expect(page.getByTestId(`settings-nav-${section}`)).toHaveAttribute('aria-current', 'page');
        if (section === 'diagnostics')
          await expect(page.getByTestId('doctor')).toContainText('Where Claude Desk looked');
        await shot(`settings-${section}`);
      }
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('settings-view')).toBeHidden();
    }
  }
});
