import { test, expect, type Locator, type Page } from '@playwright/test';
import type { MockApi } from '../test/fixtures/mock-anthropic-api';
import type { DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { send, shots } from './agent-support';
import { useDeskSuite } from './desk-suite';

/**
 * Failures a card must explain, with the real CLI against the mock in browser mode: a tool Accept edits withholds
 * (recorded case 56) and a conversation past the model's context window (recorded cases 57, 57b).
 */
let mock: MockApi;
let host: DeskHost;

// Settings' default mode (Accept edits), not locked: the card may switch the thread to Ask.
useDeskSuite((suite) => void ({ mock, host } = suite), { env: { CLAUDE_DESK_PERMISSION_MODE: undefined } });

const step = (name: string, input: Record<string, unknown>) => `SCENARIO:steps ${JSON.stringify([{ name, input }])}`;

/** axe on the new card in both themes (colours differ): no violation at all. */
async function expectAxeClean(page: Page, selector: string): Promise<void> {
  await expect(page.locator(selector).first()).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, selector);
}

async function newThread(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /New thread/ })
    .first()
    .click();
  await expect(page.getByLabel('Message')).toBeFocused();
}

const lastAnswer = (page: Page): Locator => page.getByTestId('assistant-message').last();

/** Screenshots once the card is settled: a finished turn's message is replaced once by the saved copy. */
async function settledShots(page: Page, name: string, target: Locator): Promise<void> {
  try {
    await shots(page, name, target);
  } catch {
    await expect(target).toBeVisible();
    await shots(page, name, target);
  }
}

test('a shell call in Accept edits says why it failed; "Switch to Ask and retry" runs it in Ask', async ({ page }) => {
  await page.goto(host.url);
  await newThread(page);
  await send(page, step('Bash', { command: 'echo hi-from-ask', description: 'Say hi' }));
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
  const card = lastAnswer(page).getByTestId('tool-card');
  await settledShots(page, 'withheld-shell', card);
  await expect(card.getByTestId('tool-state')).toHaveText('Off in Accept edits');
  const note = card.getByTestId('tool-withheld');
  await expect(note).toContainText('Shell commands are off in Accept edits.');
  await expectAxeClean(page, '[data-testid="tool-card"]');

  await note.getByRole('button', { name: 'Switch to Ask and retry' }).click();
  // The thread is in Ask now (the header's control says so) and the same message ran again: `echo` is read-only,
  // so Ask runs it without a prompt (recorded case 20b) and the card shows its output.
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
  const again = lastAnswer(page).getByTestId('tool-card');
  await expect(again.getByTestId('tool-state')).toHaveText('Done');
  await expect(lastAnswer(page)).toContainText('hi-from-ask');
  await expect(page.getByTestId('permission-select')).toHaveValue('ask');
  await settledShots(page, 'withheld-shell-retried-in-ask', again);
});

test('a sub-agent and a web call in Accept edits say what is off', async ({ page }) => {
  await page.goto(host.url);
  await newThread(page);
  await send(page, step('Agent', { description: 'Look around', subagent_type: 'general-purpose', prompt: 'List' }));
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
  await settledShots(page, 'withheld-agent', lastAnswer(page).getByTestId('tool-card'));
  await expect(lastAnswer(page).getByTestId('tool-withheld')).toContainText('Sub-agents are off in Accept edits.');
  await send(page, step('WebFetch', { url: 'https://example.com', prompt: 'Sum up' }));
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
  await expect(lastAnswer(page).getByTestId('tool-withheld')).toContainText('Web access is off in Accept edits.');
});

test('a conversation past the context window says so, offers Compact and a new thread, and no Retry', async ({
  page,
}) => {
  await page.goto(host.url);
  await newThread(page);
  await send(page, 'Hi');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'done');
  const sentAt = Date.now();
  await send(page, 'SCENARIO:toolong Now the whole log');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'failed');
  console.log(`prompt too long: failed card after ${Date.now() - sentAt} ms`);
  // Held by position: after Compact the last answer is the /compact turn's.
  const failed = page.getByTestId('assistant-message').nth(1).getByTestId('turn-failed');
  await settledShots(page, 'context-too-long', failed);
  await expect(failed).toContainText("This conversation is longer than the model's context window");
  await expect(failed).not.toContainText('Something went wrong');
  await expect(failed.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expectAxeClean(page, '[data-testid="turn-failed"]');

  // Compact runs the CLI's own /compact in this thread (as the context meter does): a divider says it happened.
  await failed.getByRole('button', { name: 'Compact' }).click();
  await expect(page.getByTestId('compact-divider').last()).toContainText('Conversation compacted');

  // A new thread whose composer holds the summary request — not sent until the user sends it.
  const requests = mock.requests.length;
  await failed.getByRole('button', { name: 'New thread with a summary' }).click();
  await expect(page.getByTestId('assistant-message')).toHaveCount(0);
  const box = page.getByLabel('Message');
  await expect(box).toHaveValue(/^Summarize this earlier conversation/);
  await expect(box).toHaveValue(/User: SCENARIO:toolong Now the whole log/);
  expect(mock.requests.length).toBe(requests);
  await settledShots(page, 'context-too-long-new-thread', page.locator('.composer').first());
});
