import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { startMockAnthropicApi, type MockApi, type MockRequest } from '../test/fixtures/mock-anthropic-api';
import { cwdOf } from '../test/fixtures/mock-scenarios';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { git, scratchRepo } from '../test/fixtures/scratch-repo';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { startDeskHost, type DeskHost } from './desk-host';
import { send, shots } from './agent-support';

/**
 * "When Claude first edits" in browser mode, the real CLI against the mock: the user picks a git folder for a new
 * thread, chooses the project's switch's third choice, and sends a message whose answer Reads then Edits a file.
 * They see the one line saying the thread now works in its own worktree; the edit is there, the checkout unchanged.
 * Axe on the picker and the answer in both themes; SHOTS=<dir> saves the screens (both themes, 1280×800 and 800×600).
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
let scratch: string;
let repo: string;

type Block = { type?: string; text?: string };
/** The user's side's last message (the CLI puts a role-system note after it, case 66 b). */
function lastUserBlocks(req: MockRequest): Block[] {
  const messages = (req.body as { messages?: { role?: string; content?: unknown }[] }).messages ?? [];
  const content = messages.filter((m) => m.role === 'user').at(-1)?.content;
  return Array.isArray(content) ? (content as Block[]) : [];
}

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  // After the move, the model does as the note says: it redoes the edit where it now works.
  mock.setResponder((req) =>
    lastUserBlocks(req).some((b) => b.type === 'text' && b.text?.includes('You now work in this thread'))
      ? {
          kind: 'tool_use',
          text: 'Redoing it in the worktree.',
          tools: [
            {
              name: 'Edit',
              input: { file_path: `${cwdOf(req)}/README.md`, old_string: 'line 2\n', new_string: 'line two\n' },
            },
          ],
        }
      : undefined,
  );
  cli = realCliEnv(mock);
  scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-e2e-first-edit-')));
  fs.mkdirSync(path.join(scratch, 'webapp'));
  repo = scratchRepo(path.join(scratch, 'webapp'), { 'README.md': '# webapp\nline 2\n' });
  host = await startDeskHost({
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_PERMISSION_MODE: 'acceptEdits' },
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
  fs.rmSync(scratch, { recursive: true, force: true });
});

test('choosing "When Claude first edits", the first edit moves the thread into its worktree with one line', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  // Typed before the field had settled, the path was lost once (Use folder stayed disabled): type it until it holds.
  const field = page.getByRole('combobox', { name: 'Folder path' });
  const use = page.getByTestId('folder-path-use');
  await expect(async () => {
    await field.fill(repo);
    await expect(use).toBeEnabled({ timeout: 2_000 });
  }).toPass();
  await use.click();
  await expect(page.getByTestId('project-current')).toContainText(repo);

  const projectSwitch = page.getByRole('combobox', { name: 'New threads in webapp' });
  await projectSwitch.selectOption('first-edit');
  await expect(page.getByTestId('project-worktrees-note')).toContainText(
    'The moment Claude first wants to change a file, the thread gets its own worktree and branch',
  );
  await expect(page.getByRole('switch', { name: /Own worktree/ })).not.toBeChecked();
  await expectNoAxeViolationsInBothThemes(page, 'the project picker', { include: '#project-picker' });
  await shots(page, 'first-edit-switch', page.locator('.project-worktrees'));

  const readThenEdit = [
    { name: 'Read', input: { file_path: '$CWD/README.md' } },
    { name: 'Edit', input: { file_path: '$CWD/README.md', old_string: 'line 2\n', new_string: 'line two\n' } },
  ];
  await send(page, `SCENARIO:steps ${JSON.stringify(readThenEdit)}`);
  const answers = page.getByTestId('assistant-message');
  await expect(answers).toHaveCount(1);
  await expect(answers.last()).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  const wt = path.join(repo, '.claude', 'worktrees');
  const line = answers.last().getByRole('note');
  await expect(line).toHaveCount(1);
  await expect(line).toHaveText(
    new RegExp(
      `^Claude is about to edit: this thread now works in its own worktree ${wt}/[\\w-]+, branch worktree-[\\w-]+\\.$`,
    ),
  );
  // One answer, the edit in the worktree, the user's checkout as it was.
  await expect(answers).toHaveCount(1);
  expect(fs.readFileSync(path.join(repo, 'README.md'), 'utf8')).toBe('# webapp\nline 2\n');
  expect(git(repo, 'status', '--porcelain')).toBe('');
  const [made] = fs.readdirSync(wt);
  expect(fs.readFileSync(path.join(wt, made!, 'README.md'), 'utf8')).toBe('# webapp\nline two\n');
  await expectNoAxeViolationsInBothThemes(page, 'the answer with the move line', {
    include: '[data-testid=assistant-message]',
  });
  await shots(page, 'first-edit-line', answers.last());
});
