import { test, expect, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sendAndAwaitAnswer } from './agent-support';
import { expectNoAxeViolations } from './axe';
import { startDeskHost, type DeskHost } from './desk-host';
import { createDeskApp } from '../src/app/desk-app';
import type { ThreadWorktree } from '../src/shared/worktree';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { changesResponder, RESOLVED_NOTES } from '../test/fixtures/changes-scenarios';
import { addWorktree, fingerprint, git, makeRepo, write } from '../test/fixtures/scratch-worktrees';

/**
 * Review and land in browser mode with the real CLI against the mock, in Accept edits: two worktree threads write
 * notes.md differently; merging the first lands it on main, merging the second stops on the conflict and changes
 * nothing; main is brought into the second thread, which stops on notes.md (shown as a merge in progress); Claude is
 * handed that file alone, edits it, Claude Desk completes the merge and the thread merges into main. A merge the
 * thread's own git left half way (the issue's `UU`) is shown as such, blocks landing and is aborted exactly. A
 * discard with an uncommitted change asks first.
 */
let mock: MockApi;
let cli: ReturnType<typeof realCliEnv>;
let host: DeskHost;
let dataDir: string;
let repo: string;
const worktrees: Record<string, ThreadWorktree> = {};
const SHOTS = process.env.CHANGES_SHOTS_DIR ?? 'e2e/screenshots';

test.beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  mock = await startMockAnthropicApi();
  mock.setResponder(changesResponder());
  cli = realCliEnv(mock);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-changes-'));
  repo = makeRepo(await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-changes-repo-'))));
  const env = { ...cli.env, CLAUDE_DESK_DATA_DIR: dataDir, CLAUDE_DESK_CLI: realCliPath() };
  // The threads as the app makes them for a git project: each in its worktree, recorded in its settings.
  const desk = await createDeskApp({ host: 'command-line', env });
  try {
    for (const [title, name] of [
      ['First notes', 'first'],
      ['Second notes', 'second'],
    ] as const) {
      const wt = (worktrees[name] = addWorktree(repo, name));
      const t = await desk.services.threads.create({ title });
      // Accept edits, the default: resolving a conflict needs no shell.
      await desk.services.threads.updateSettings(t.id, {
        projectDir: wt.path,
        worktree: wt,
        permissionMode: 'acceptEdits',
      });
    }
  } finally {
    await desk.shutdown();
  }
  host = await startDeskHost({
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_PERMISSION_MODE: undefined },
    dataDir,
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
  await fs.rm(repo, { recursive: true, force: true });
  await fs.rm(dataDir, { recursive: true, force: true });
});

const axe = (page: Page, selector: string, what: string) => expectNoAxeViolations(page, what, { include: selector });

/** Screenshots in both themes at both sizes, with axe on `selector` in each. */
async function shoot(page: Page, name: string, selector: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    for (const [w, h] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${theme}-${w}x${h}.png`) });
      await axe(page, selector, `${name} (${theme}, ${w}×${h})`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function openThread(page: Page, title: string): Promise<void> {
  await page.getByTestId('thread-item').filter({ hasText: title }).first().click();
  await expect(page.getByTestId('chat-title')).toHaveText(title);
}

async function openChanges(page: Page): Promise<Locator> {
  await page.getByTestId('changes-button').click();
  const panel = page.getByTestId('changes-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** Open an action's dialog, wait for the drafted message, confirm it (keeping the worktree folder when asked). */
async function land(page: Page, panel: Locator, action: string, opts: { keepFolder?: boolean } = {}): Promise<void> {
  await panel.getByTestId(`land-${action}`).click();
  const dialog = page.getByTestId('land-dialog');
  await expect(dialog.getByTestId('land-message')).not.toHaveValue('');
  if (opts.keepFolder) await dialog.getByTestId('land-keep-folder').check();
  await dialog.getByTestId('land-confirm').click();
  await expect(dialog).toHaveCount(0);
}

test('two worktree threads: the first merges, the second conflicts untouched, Claude resolves it, then it merges', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto(host.url);
  await openThread(page, 'First notes');
  await sendAndAwaitAnswer(page, 'NOTES[first thread’s notes]');
  await openThread(page, 'Second notes');
  await sendAndAwaitAnswer(page, 'NOTES[second thread’s notes]');
  // Each wrote in its own worktree: the user's checkout has no notes.md.
  await expect(fs.access(path.join(repo, 'notes.md'))).rejects.toThrow();
  expect(git(repo, 'worktree', 'list')).toContain(path.join('.claude', 'worktrees', 'second'));

  await openThread(page, 'First notes');
  const panel = await openChanges(page);
  const row = panel.getByTestId('changes-file').filter({ hasText: 'notes.md' });
  await expect(row).toContainText('+1');
  await expect(row).toContainText('not committed');
  await expect(panel.getByTestId('diff-view')).toContainText('first thread’s notes');
  await shoot(page, 'changes-panel', '[data-testid="changes-panel"]');

  await panel.getByTestId('land-merge').click();
  const dialog = page.getByTestId('land-dialog');
  await expect(dialog.getByTestId('land-message')).toHaveValue(/^First notes/);
  await shoot(page, 'changes-merge-dialog', '[data-testid="land-dialog"]');
  await dialog.getByTestId('land-confirm').click();
  await expect(panel.getByTestId('changes-outcome')).toContainText('Merged worktree-first into main (fast-forward)');
  expect(git(repo, 'show', 'main:notes.md')).toBe('first thread’s notes\n');
  // Landed, the worktree is archived: its folder removed, its branch kept; the panel says so, with no actions left.
  await expect(panel.getByTestId('changes-outcome')).toContainText('the branch worktree-first stays');
  await expect(fs.access(worktrees.first!.path)).rejects.toThrow();
  expect(git(repo, 'branch', '--list', 'worktree-first')).toContain('worktree-first');
  await expect(panel.getByTestId('changes-gone')).toContainText('removed after it was merged into main');
  await expect(panel.getByTestId('land-merge')).toHaveCount(0);
  // Its next message would have nowhere to run: the thread asks where it goes on instead of using the checkout.
  await panel.getByRole('button', { name: 'Close Changes' }).click();
  const gone = page.getByTestId('worktree-gone');
  await expect(gone).toContainText('removed after the land (its branch worktree-first is kept)');
  await shoot(page, 'worktree-gone', '[data-testid="worktree-gone"]');

  await openThread(page, 'Second notes');
  const second = await openChanges(page);
  const before = fingerprint(repo);
  await land(page, second, 'merge');
  const conflict = second.getByTestId('changes-conflict');
  await expect(conflict).toContainText('notes.md');
  expect(fingerprint(repo)).toBe(before); // main, the checkout, its index and files: byte for byte
  await shoot(page, 'changes-conflict', '[data-testid="changes-panel"]');

  await conflict.getByTestId('bring-base').click();
  const unfinished = second.getByTestId('changes-unfinished');
  await expect(unfinished).toContainText('Merging main into this thread stopped on conflicts');
  await expect(unfinished).toContainText('notes.md — conflicted');
  const conflicted = second.getByTestId('changes-file').filter({ hasText: 'notes.md' });
  await expect(conflicted).toContainText('conflicted');
  await expect(conflicted).not.toContainText('+');
  await expect(second.getByTestId('land-merge')).toBeDisabled();
  expect(fingerprint(repo)).toBe(before); // the bring ran in the worktree alone
  await shoot(page, 'changes-merge-in-progress', '[data-testid="changes-panel"]');

  const answers = page.getByTestId('assistant-message');
  const answered = await answers.count();
  await unfinished.getByTestId('bring-claude').click();
  await expect(page.getByTestId('user-message').last()).toContainText('stopped on conflicts in notes.md');
  await expect(answers).toHaveCount(answered + 1); // its own answer, not the one before it
  await expect(answers.last()).toHaveAttribute('data-status', 'done');
  // Its turn's end: Claude Desk checked notes.md (no marker left) and made the merge commit.
  await expect(unfinished).toHaveCount(0);
  await expect(second.getByTestId('land-merge')).toBeEnabled();
  expect(git(worktrees.second!.path, 'log', '-1', '--format=%P').trim().split(' ')).toHaveLength(2);
  await land(page, second, 'merge', { keepFolder: true });
  await expect(second.getByTestId('changes-outcome')).toContainText('Merged worktree-second into main');
  expect(git(repo, 'show', 'main:notes.md')).toBe(RESOLVED_NOTES);
  // Nothing is left to land: the actions say so instead of staying on.
  await expect(second.getByTestId('changes-summary')).toHaveText('No changes against main.');
  await expect(second.getByTestId('land-commit')).toBeDisabled();
  await expect(second.getByTestId('changes-blocked-note')).toContainText('Nothing to land');
});

test('a merge the thread’s own git left half way (UU notes.md) shows as such, lands nothing, and aborts exactly', async ({
  page,
}) => {
  const wt = worktrees.second!;
  write(wt.path, 'notes.md', 'the thread’s later notes\n');
  git(wt.path, 'commit', '-qam', 'later notes');
  write(repo, 'notes.md', 'main’s later notes\n');
  git(repo, 'commit', '-qam', 'main’s later notes');
  expect(() => git(wt.path, 'merge', 'main')).toThrow(); // as the thread did
  const head = git(wt.path, 'rev-parse', 'HEAD');
  const before = fingerprint(repo);
  await page.goto(host.url);
  await openThread(page, 'Second notes');
  const panel = await openChanges(page);
  const unfinished = panel.getByTestId('changes-unfinished');
  await expect(unfinished).toContainText('notes.md — conflicted');
  for (const a of ['commit', 'merge', 'keep']) await expect(panel.getByTestId(`land-${a}`)).toBeDisabled();
  await expect(panel.getByTestId('changes-blocked-note')).toContainText('Finish or abort the merge above first');
  await shoot(page, 'changes-own-merge-in-progress', '[data-testid="changes-panel"]');
  await unfinished.getByTestId('bring-abort').click();
  await expect(unfinished).toHaveCount(0);
  await expect(panel.getByTestId('bring-outcome')).toContainText('Aborted');
  expect(git(wt.path, 'status', '--porcelain')).toBe('');
  expect(git(wt.path, 'rev-parse', 'HEAD')).toBe(head);
  expect(fingerprint(repo)).toBe(before);
  expect(git(repo, 'show', 'main:notes.md')).toBe('main’s later notes\n');
});

test('discard with an uncommitted change refuses until the loss is confirmed', async ({ page }) => {
  const wt = worktrees.second!;
  write(wt.path, 'scratch.txt', 'not committed anywhere\n');
  await page.goto(host.url);
  await openThread(page, 'Second notes');
  const panel = await openChanges(page);
  await expect(panel.getByTestId('changes-file').filter({ hasText: 'scratch.txt' })).toBeVisible();
  await panel.getByTestId('land-discard').click();
  const dialog = page.getByTestId('land-dialog');
  await dialog.getByTestId('land-confirm').click();
  await expect(dialog.getByRole('alert')).toContainText('1 uncommitted file (scratch.txt)');
  await expect(dialog.getByTestId('land-confirm')).toBeDisabled();
  await expect(fs.access(path.join(wt.path, 'scratch.txt'))).resolves.toBeUndefined();
  await shoot(page, 'changes-discard-confirm', '[data-testid="land-dialog"]');
  await dialog.getByLabel('Delete this work too').check();
  await dialog.getByTestId('land-confirm').click();
  await expect(panel.getByTestId('changes-outcome')).toContainText(
    'Removed the worktree and the branch worktree-second',
  );
  await expect(fs.access(wt.path)).rejects.toThrow();
  expect(git(repo, 'branch', '--list', 'worktree-second')).toBe('');
  // Its next message does not go to the user's checkout: the thread asks first.
  await expect(page.getByTestId('worktree-gone')).toContainText('This thread’s worktree was discarded');

  // Tidy up: the first thread's branch, kept when its worktree was archived after the merge, holds nothing new.
  await panel.getByTestId('tidy-open').click();
  const tidy = page.getByTestId('tidy-dialog');
  const item = tidy.getByTestId('tidy-item');
  await expect(item).toHaveCount(1);
  await expect(tidy).toContainText('worktree-first');
  await expect(tidy).toContainText('“First notes” · nothing that is not on main');
  await expect(item).toBeChecked();
  await shoot(page, 'changes-tidy', '[data-testid="tidy-dialog"]');
  await tidy.getByTestId('tidy-confirm').click();
  await expect(tidy.getByTestId('tidy-outcome')).toHaveText('Removed 1 of 1.');
  await expect(tidy.getByTestId('tidy-empty')).toBeVisible();
  expect(git(repo, 'branch', '--list', 'worktree-*')).toBe('');
  expect(git(repo, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
});
