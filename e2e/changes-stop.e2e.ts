import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectNoAxeViolations } from './axe';
import { startDeskHost, type DeskHost } from './desk-host';
import { createDeskApp } from '../src/app/desk-app';
import { processAlive } from '../src/core/process-group';
import type { ThreadWorktree } from '../src/shared/worktree';
import { addWorktree, git, makeRepo, write } from '../test/fixtures/scratch-worktrees';

/**
 * A land from the Changes panel in browser mode that waits on a repository hook that hangs (`sleep 600`): the dialog
 * shows the hook by event and command and the elapsed time, and Stop ends git and the hook (their pids gone), with
 * one true sentence; nothing is merged (issue 45, case 3). SHOTS=<dir> saves the waiting dialog in both themes at
 * 1280×800 and 800×600; axe runs on it in both themes.
 */
let host: DeskHost;
let dataDir: string;
let repo: string;
let pids: string;
let wt: ThreadWorktree;

test.beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-stop-'));
  repo = makeRepo(await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-stop-repo-'))));
  pids = path.join(dataDir, 'hook-pids');
  const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
  try {
    wt = addWorktree(repo, 'hook');
    write(wt.path, 'notes.md', 'work\n');
    const t = await desk.services.threads.create({ title: 'Land past a hanging hook' });
    await desk.services.threads.updateSettings(t.id, { projectDir: wt.path, worktree: wt });
  } finally {
    await desk.shutdown();
  }
  // git's pid (the hook's parent), the hook's and its child's, then a wait on a `sleep 600`.
  writeFileSync(
    path.join(repo, '.git', 'hooks', 'pre-commit'),
    `#!/bin/sh\necho $PPID >> '${pids}'\necho $$ >> '${pids}'\nsleep 600 &\necho $! >> '${pids}'\nwait\n`,
    { mode: 0o755 },
  );
  // Git's bound well past the screenshots, so only Stop ends the hook.
  host = await startDeskHost({ dataDir, env: { ...process.env, CLAUDE_DESK_GIT_TIMEOUT_MS: '600000' } });
});

test.afterAll(async () => {
  await host?.stop();
  for (const dir of [repo, dataDir]) if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const recorded = () => (existsSync(pids) ? readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number) : []);

/** axe on `selector` in both themes; with SHOTS, a screenshot of each theme at both sizes. */
async function look(page: Page, name: string, selector: string): Promise<void> {
  const dir = process.env['SHOTS'];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    for (const [width, height] of dir
      ? ([
          [1280, 800],
          [800, 600],
        ] as const)
      : ([[1280, 800]] as const)) {
      await page.setViewportSize({ width, height });
      await expectNoAxeViolations(page, `${name} (${colorScheme}, ${width}×${height})`, { include: selector });
      if (dir) await page.screenshot({ path: path.join(dir, `${name}-${colorScheme}-${width}x${height}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a merge waiting on a hanging pre-commit hook shows the hook and its time; Stop ends git and the hook', async ({
  page,
}) => {
  const mainBefore = git(repo, 'rev-parse', 'main');
  await page.goto(host.url);
  await page.getByTestId('thread-item').filter({ hasText: 'Land past a hanging hook' }).first().click();
  await page.getByTestId('changes-button').click();
  const panel = page.getByTestId('changes-panel');
  await panel.getByTestId('land-merge').click();
  const dialog = page.getByTestId('land-dialog');
  await expect(dialog.getByTestId('land-message')).not.toHaveValue('');
  await dialog.getByTestId('land-confirm').click();
  const progress = dialog.getByTestId('git-progress');
  const status = progress.getByRole('status');
  await expect(status).toContainText(
    /Waiting for the pre-commit hook \(.*hooks\/pre-commit\): \d+ seconds? of at most 10 minutes\./,
    {
      timeout: 60_000,
    },
  );
  const first = /(\d+) seconds?/.exec((await status.textContent()) ?? '')?.[1];
  // The elapsed time moves while the hook waits.
  await expect(status).not.toContainText(new RegExp(`: ${first} seconds? of`), { timeout: 30_000 });
  await expect.poll(() => recorded().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await look(page, 'changes-land-waiting-on-hook', '[data-testid="land-dialog"]');

  await progress.getByRole('button', { name: 'Stop' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    /^Stopped the pre-commit hook \(.*hooks\/pre-commit\) as asked: nothing was committed on worktree-hook and main was not changed, and the worktree is as git left it — merge again when ready\.$/,
    { timeout: 20_000 },
  );
  await expect(progress).toHaveCount(0);
  await expect.poll(() => recorded().filter(processAlive), { timeout: 20_000 }).toEqual([]);
  expect(git(repo, 'rev-parse', 'main')).toBe(mainBefore);
  expect(git(wt.path, 'rev-parse', 'HEAD')).toBe(mainBefore);
  await look(page, 'changes-land-stopped', '[data-testid="land-dialog"]');
});
