import { test, expect } from '@playwright/test';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expectNoAxeViolations } from './axe';
import { startDeskHost, type DeskHost } from './desk-host';
import { createDeskApp } from '../src/app/desk-app';
import { git } from '../test/fixtures/scratch-worktrees';

/**
 * A thread that asks for its own worktree in a repository with no commit yet: its empty chat says why none can be
 * made and what to do, before the first message (issue 45, case 8). SHOTS=<dir> saves it in both themes at 1280×800
 * and 800×600; axe runs on it in both themes.
 */
let host: DeskHost;
let dataDir: string;
let repo: string;

test.beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-impossible-'));
  repo = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-impossible-repo-')));
  git(repo, 'init', '-q');
  const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
  try {
    const t = await desk.services.threads.create({ title: 'Start the project' });
    await desk.services.threads.updateSettings(t.id, { projectDir: repo, useWorktree: true });
  } finally {
    await desk.shutdown();
  }
  host = await startDeskHost({ dataDir });
});

test.afterAll(async () => {
  await host?.stop();
  for (const dir of [repo, dataDir]) if (dir) await fs.rm(dir, { recursive: true, force: true });
});

test('the empty chat says a worktree cannot be made in a repository with no commit, and what to do', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('thread-item').filter({ hasText: 'Start the project' }).first().click();
  const note = page.getByTestId('empty-state').getByTestId('worktree-impossible');
  await expect(note).toHaveText(
    `The repository in ${repo} has no commit yet, so a worktree has nothing to start from: make a first commit, or turn off Own worktree to work in the folder itself, as your first message otherwise will.`,
  );
  const dir = process.env['SHOTS'];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    for (const [width, height] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expectNoAxeViolations(page, `worktree impossible (${colorScheme}, ${width}×${height})`, {
        include: '[data-testid="empty-state"]',
      });
      if (dir)
        await page.screenshot({ path: path.join(dir, `worktree-impossible-${colorScheme}-${width}x${height}.png`) });
    }
  }
});
