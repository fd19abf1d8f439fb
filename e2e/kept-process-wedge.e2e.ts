import { test, expect } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { sendAndAwaitAnswer, shots } from './agent-support';

/**
 * A thread's kept Claude Code process that answers nothing on the next turn (wedged: the real CLI cannot be made to do
 * that on demand, so a fake claude answers its first turn and then says nothing at all): the user still gets the
 * answer, from a fresh process, with a quiet note — at the app's own bound (8 s), never an endless "Thinking".
 */
const fakeClaude = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/fake-claude.mjs');
let host: DeskHost;

test.beforeAll(async () => {
  host = await startDeskHost({
    env: {
      CLAUDE_DESK_CLI: fakeClaude,
      FAKE_CLAUDE_MODE: 'wedge-after:1',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      CLAUDE_DESK_SANDBOX: '0',
    },
  });
});
test.afterAll(async () => {
  await host?.stop();
});

test('a kept process that does not answer: the answer comes from a fresh one, with a note saying so', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(host.url);
  await sendAndAwaitAnswer(page, 'Hello there');
  await sendAndAwaitAnswer(page, 'And once more', 60_000);

  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toContainText('Hello from the mock API.');
  await expect(answer.getByRole('note')).toHaveText("Claude Code's kept process did not answer; started a fresh one.");
  // Only the turn whose process was replaced says so.
  await expect(page.getByTestId('assistant-message').first().getByRole('note')).toHaveCount(0);
  // The note is part of the turn: it is still there when the thread is opened again.
  await page.reload();
  await expect(page.getByTestId('assistant-message').last().getByRole('note')).toHaveText(
    /kept process did not answer/,
  );
  await expectNoAxeViolationsInBothThemes(page, 'a turn answered by a fresh process after a wedged kept one');
  await shots(page, 'kept-process-wedge', answer);
});
