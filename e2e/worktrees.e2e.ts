import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { git, scratchRepo } from '../test/fixtures/scratch-repo';
import { expectNoAxeViolations } from './axe';
import { startDeskHost, type DeskHost } from './desk-host';

/**
 * A worktree per thread in browser mode: the header's branch chip, two worktree threads answering at once, and
 * the composer's line when another thread works in the same shared folder. Screenshots of both in both themes
 * at 1280×800 and 800×600 (WORKTREE_SHOTS_DIR, else e2e/screenshots/worktrees), axe on each.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
let scratch: string;
let repo: string;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = process.env.WORKTREE_SHOTS_DIR ?? 'e2e/screenshots/worktrees';
const write = (content: string) =>
  `SCENARIO:steps [{"name":"Write","input":{"file_path":"$CWD/notes.md","content":"${content}\\n"}}]`;

test.beforeAll(async () => {
  test.setTimeout(480_000); // four command-line turns first, on a machine that may be busy
  fs.mkdirSync(shots, { recursive: true });
  mock = await startMockAnthropicApi();
  // A long answer (~60 s, streamed): the other thread is looked at, shot and checked meanwhile.
  mock.setResponder((req) =>
    JSON.stringify(req).includes('LONGANSWER')
      ? { kind: 'text', chunks: Array.from({ length: 600 }, (_, i) => `w${i} `), delayMs: 100 }
      : undefined,
  );
  cli = realCliEnv(mock);
  scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-e2e-wt-')));
  fs.mkdirSync(path.join(scratch, 'repo'));
  repo = scratchRepo(path.join(scratch, 'repo'));
  const plain = path.join(scratch, 'plain');
  fs.mkdirSync(plain);
  const env = {
    ...cli.env,
    CLAUDE_DESK_CLI: realCliPath(),
    CLAUDE_DESK_DATA_DIR: path.join(scratch, 'data'),
    CLAUDE_DESK_PERMISSION_MODE: 'acceptEdits',
  };
  const chat = (...args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        [path.join(root, 'bin/claude-desk.mjs'), 'chat', ...args],
        { env, timeout: 120_000 },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  // Two threads with worktrees of one repository, and two that share a folder outside git.
  await Promise.all([
    chat('--thread', 'Notes A', '--project', repo, '--worktree', write('A one')),
    chat('--thread', 'Notes B', '--project', repo, '--worktree', write('B one')),
    chat('--thread', 'Shared A', '--project', plain, 'hello'),
    chat('--thread', 'Shared B', '--project', plain, 'hello'),
  ]);
  host = await startDeskHost({ env, dataDir: env.CLAUDE_DESK_DATA_DIR });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** axe on the new UI (the header, the composer's line): the rest of the page is screens.e2e.ts's. */
async function axe(page: Page, screen: string): Promise<void> {
  await expectNoAxeViolations(page, screen, {
    include: '[data-testid="chat-header"], .chat-view > .shared-folder-note',
  });
}

/** Both themes at both sizes, axe on each. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const [w, h] of [
    [1280, 800],
    [800, 600],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await axe(page, `${name} ${theme} ${w}`);
      await page.screenshot({ path: path.join(shots, `${name}-${theme}-${w}.png`), animations: 'disabled' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const open = (page: Page, title: string) => page.getByTestId('thread-item').filter({ hasText: title }).first().click();
async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

test('each worktree thread shows its branch and base; two of them answer at once, each in its own worktree', async ({
  page,
}) => {
  test.setTimeout(360_000); // sixteen screenshots and axe runs, and two real turns
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await open(page, 'Notes A');
  const chip = page.getByTestId('worktree-chip');
  await expect(chip.getByTestId('worktree-branch')).toHaveText('worktree-notes-a');
  await expect(chip.getByTestId('worktree-base')).toHaveText('from main');
  await expect(chip).toHaveAttribute('aria-label', new RegExp(`${repo}/.claude/worktrees/notes-a`));
  await shoot(page, 'header-chip');

  // Both sent before either answers: each writes its own notes.md, the user's checkout none.
  await send(page, write('A two'));
  await open(page, 'Notes B');
  await expect(chip.getByTestId('worktree-branch')).toHaveText('worktree-notes-b');
  await send(page, write('B two'));
  // Each thread's second answer (the first came from the command line), not the first one already done.
  const answers = page.getByTestId('assistant-message');
  await expect(answers).toHaveCount(2, { timeout: 90_000 });
  await expect(answers.last()).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await open(page, 'Notes A');
  await expect(chip.getByTestId('worktree-branch')).toHaveText('worktree-notes-a');
  await expect(answers).toHaveCount(2, { timeout: 90_000 });
  await expect(answers.last()).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  const wt = (name: string) => path.join(repo, '.claude', 'worktrees', name, 'notes.md');
  expect(fs.readFileSync(wt('notes-a'), 'utf8')).toBe('A two\n');
  expect(fs.readFileSync(wt('notes-b'), 'utf8')).toBe('B two\n');
  expect(fs.existsSync(path.join(repo, 'notes.md'))).toBe(false);
  expect(git(repo, 'status', '--porcelain')).toBe('');
  expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(3);
});

test('in a shared folder, the composer says so while another thread works there', async ({ page }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await open(page, 'Shared A');
  await expect(page.getByTestId('worktree-chip')).toHaveCount(0);
  await expect(page.getByTestId('shared-folder-note')).toHaveCount(0);
  await open(page, 'Shared B');
  await send(page, 'LONGANSWER');
  await expect(page.getByTestId('thread-running')).toHaveCount(1);
  await open(page, 'Shared A');
  const note = page.getByTestId('shared-folder-note');
  await expect(note).toHaveText('“Shared B” is working in this folder too: you share its files.');
  await shoot(page, 'shared-folder-note');
  // Stopped, it works there no more: the line goes.
  await open(page, 'Shared B');
  await page.getByRole('button', { name: /^Stop/ }).click();
  await open(page, 'Shared A');
  await expect(note).toHaveCount(0);
});
