import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import type { MockApi } from '../test/fixtures/mock-anthropic-api';
import type { DeskHost } from './desk-host';
import { send, shots } from './agent-support';
import { expectNoJsonInCards } from './card-text';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { useDeskSuite } from './desk-suite';

/**
 * The agent's tool cards end to end in browser mode with the real CLI (against the mock API) in Ask mode: edits as diffs, Bash as a
 * terminal, a sub-agent nested under its Agent card. SHOTS=<dir> saves screenshots of each card in both themes.
 */
let mock: MockApi;
let host: DeskHost;
const steps = (s: unknown[]) => `SCENARIO:steps ${JSON.stringify(s)}`;
const NOTES = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

useDeskSuite((suite) => void ({ mock, host } = suite), { env: { CLAUDE_DESK_PERMISSION_MODE: 'ask' } });

test('an Edit waits as a diff, and its finished card shows the removed and added lines with line numbers', async ({
  page,
}) => {
  await fs.mkdir(path.join(host.dataDir, 'workspace'), { recursive: true });
  await fs.writeFile(path.join(host.dataDir, 'workspace', 'notes.txt'), NOTES);
  await page.goto(host.url);
  await send(
    page,
    steps([
      { name: 'Read', input: { file_path: '$CWD/notes.txt' } },
      {
        name: 'Edit',
        input: { file_path: '$CWD/notes.txt', old_string: 'line 10\n', new_string: 'line ten\nline ten and a half\n' },
      },
    ]),
  );
  const card = page.getByTestId('approval-card');
  await expect(card.getByTestId('diff-view')).toContainText('line ten and a half');
  await shots(page, 'edit-waiting', card);
  // The sidebar's inbox names the thread and what it waits for.
  await expect(page.getByTestId('waiting-inbox').getByTestId('waiting-item')).toContainText('Approve: Edit');
  await shots(page, 'waiting-inbox', page.getByTestId('waiting-inbox'));
  await card.getByRole('button', { name: /Allow once/ }).click();

  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  const edit = answer.locator('[data-testid=tool-card][data-tool=Edit]');
  // Unified or side by side (the window decides), the changed lines and the file's own line numbers are there.
  await expect(edit.locator('td[data-kind=del]')).toHaveText(['removed: line 10']);
  await expect(edit.locator('td[data-kind=add]')).toHaveText(['added: line ten', 'added: line ten and a half']);
  await expect(edit.locator('.diff-no', { hasText: /^11$/ }).first()).toBeVisible();
  await expect(edit).not.toContainText('old_string');
  expect(await fs.readFile(path.join(host.dataDir, 'workspace', 'notes.txt'), 'utf8')).toContain('line ten and a half');
  await shots(page, 'edit-finished', edit);
  // The Read card: path, range, excerpt.
  const read = answer.locator('[data-testid=tool-card][data-tool=Read]');
  await read.getByRole('button').first().click();
  await expect(read.getByTestId('code-excerpt')).toContainText('line 30');
  await shots(page, 'read-card', read);
  await expectNoAxeViolationsInBothThemes(page, 'finished Edit and Read cards');
});

test('a Bash turn shows $ command, its coloured output and the exit status', async ({ page }) => {
  await page.goto(host.url);
  await send(
    page,
    steps([
      { name: 'Bash', input: { command: "printf '\\033[32mgreen\\033[0m ok\\n'", description: 'Print in colour' } },
    ]),
  );
  const answer = page.getByTestId('assistant-message').last();
  const approval = page.getByTestId('approval-card');
  // Whether printf asks depends on the CLI's read-only rules: answer if it does.
  await expect(answer.getByTestId('bash-status').or(approval)).toBeVisible();
  if (await approval.isVisible()) await approval.getByRole('button', { name: /Allow once/ }).click();
  const bash = answer.locator('[data-testid=tool-card][data-tool=Bash]');
  await expect(bash.getByTestId('bash-command')).toHaveText("$ printf '\\033[32mgreen\\033[0m ok\\n'");
  await expect(bash.getByTestId('terminal-output')).toHaveText('green ok');
  await expect(bash.locator('.ansi-green')).toHaveText('green');
  await expect(bash.getByTestId('bash-status')).toHaveText('Exit code 0');
  await shots(page, 'bash-card', bash);
  await expectNoAxeViolationsInBothThemes(page, 'a Bash card with coloured output');
});

test("a sub-agent's tool call appears nested under its Agent card", async ({ page }) => {
  await page.goto(host.url);
  await send(
    page,
    steps([
      {
        name: 'Agent',
        input: {
          description: 'Say hi from a sub-agent',
          subagent_type: 'general-purpose',
          run_in_background: false,
          prompt: 'SCENARIO:bash CMD[echo sub-agent-says-hi] do it',
        },
      },
    ]),
  );
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  const agent = answer.locator('[data-testid=tool-card][data-tool=Agent]');
  const nested = agent.getByTestId('subagent').locator('[data-testid=tool-card][data-tool=Bash]');
  await expect(nested.getByTestId('terminal-output')).toHaveText('sub-agent-says-hi');
  await expect(agent.getByTestId('tool-state').first()).toContainText('Done');
  await shots(page, 'subagent-card', agent);
});

test('a background sub-agent works under its Agent card after the answer, then the follow-up arrives in the same turn', async ({
  page,
}) => {
  await page.goto(host.url);
  // The Agent tool's default in this CLI: it runs in the background (recorded case 34).
  await send(
    page,
    steps([
      {
        name: 'Agent',
        input: {
          description: 'Say hi from a sub-agent',
          subagent_type: 'general-purpose',
          // Long enough for a busy machine's page to show it at work: with 3 s the card once said Done first. (A
          // named pipe the test wrote later hung the kept CLI's next turn: sleep and echo are allowed without a card.)
          prompt: 'SCENARIO:bash CMD[sleep 8; echo background-says-hi] do it',
        },
      },
    ]),
  );
  const answer = page.getByTestId('assistant-message').last();
  const agent = answer.locator('[data-testid=tool-card][data-tool=Agent]');
  // The main answer is in, the turn is still open, and the card says the sub-agent is still at it.
  await expect(agent.getByTestId('tool-state').first()).toHaveText(/Working in the background/);
  await expect(answer).toContainText('Async agent launched');
  await expect(answer).toHaveAttribute('data-status', 'running');
  await shots(page, 'subagent-background-running', agent);
  const nested = agent.getByTestId('subagent').locator('[data-testid=tool-card][data-tool=Bash]');
  await expect(nested.getByTestId('terminal-output')).toHaveText('background-says-hi');
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(agent.getByTestId('tool-state').first()).toContainText('Done');
  // The turn the CLI started by itself after the notification answered inside this turn.
  await expect(answer).toContainText('Hello from the mock API.');
  await expect(answer.getByTestId('follow-up-divider')).toHaveCount(1);
  await shots(page, 'subagent-background-done', answer);
});

test("a question card's chosen option reaches the model", async ({ page }) => {
  await page.goto(host.url);
  const question = {
    question: 'Which database should we use?',
    header: 'Database',
    multiSelect: false,
    options: [
      { label: 'SQLite', description: 'A file, no server' },
      { label: 'Postgres', description: 'A server' },
    ],
  };
  await send(page, steps([{ name: 'AskUserQuestion', input: { questions: [question] } }]));
  const card = page.getByTestId('question-card');
  await expect(card.getByRole('radio', { name: /Postgres/ })).toBeVisible();
  await card.getByRole('radio', { name: /Postgres/ }).click();
  await shots(page, 'question-card', card);
  await expectNoAxeViolationsInBothThemes(page, 'a question card with an option chosen');
  await card.getByRole('button', { name: 'Send answer' }).click();
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  // The mock saw the answer in the tool result (recorded case 36's wording).
  const results = mock.requests.flatMap((r) => r.toolResults.map((t) => t.content));
  expect(results.some((c) => c.includes('"Which database should we use?"="Postgres"'))).toBe(true);
  const tool = answer.locator('[data-testid=tool-card][data-tool=AskUserQuestion]');
  await tool.getByRole('button').first().click();
  await expect(tool.getByTestId('answers')).toContainText('Postgres');
  await expectNoJsonInCards(page);
});
