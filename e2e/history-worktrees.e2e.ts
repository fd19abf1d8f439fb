import { test, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { syntheticSession } from '../test/fixtures/synthetic-sessions';

/**
 * The History of one repository worked on in several worktrees (Claude Code's `.claude/worktrees/<name>` and one
 * elsewhere): one group named after the repository, each worktree session marked with its branch; and a session
 * continued in a thread is found once by search. SHOTS=<dir> saves the list in both themes at both sizes.
 */
let mock: MockApi;
let cli: ReturnType<typeof realCliEnv>;
let host: DeskHost;
let work: string;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=u@u', '-c', 'user.name=u', ...args], { cwd, encoding: 'utf8' });
const SESSIONS = {
  main: ['11111111-1111-4111-8111-111111111111', 'Plan the webapp release'],
  parser: ['22222222-2222-4222-8222-222222222222', 'Parser: handle trailing commas'],
  topic: ['33333333-3333-4333-8333-333333333333', 'Topic: rename the config keys'],
} as const;

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'desk-history-wt-')));
  const repo = path.join(work, 'webapp');
  await fs.mkdir(repo);
  git(repo, 'init', '-q', '-b', 'main');
  await fs.writeFile(path.join(repo, 'app.js'), 'one\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'first');
  const parser = path.join(repo, '.claude', 'worktrees', 'parser');
  git(repo, 'worktree', 'add', '-q', '-b', 'worktree-parser', parser);
  const topic = path.join(work, 'webapp-topic');
  git(repo, 'worktree', 'add', '-q', '-b', 'topic', topic);
  for (const [key, cwd] of [
    ['main', repo],
    ['parser', parser],
    ['topic', topic],
  ] as const) {
    const [id, title] = SESSIONS[key];
    const dir = path.join(cli.home, '.claude', 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'));
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(
      path.join(dir, `${id}.jsonl`),
      syntheticSession({ sessionId: id, cwd, turns: 2, title, prompt: (i) => `${title} step ${i} WT-NONCE-7` }),
    );
  }
  host = await startDeskHost({
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_PERMISSION_MODE: undefined },
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
  await fs.rm(work, { recursive: true, force: true });
});

async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env['SHOTS'];
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      if (size.width < 900) await expect(page.getByTestId('history-list')).toBeVisible();
      await page.screenshot({ path: path.join(dir, `${name}-${scheme}-${size.width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a repository's worktree sessions are under the repository, each with its branch; a continued session is found once", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByTestId('tab-history').click();
  const list = page.getByTestId('history-list');
  await expect(list.getByTestId('history-item')).toHaveCount(3);
  await expect(list.getByTestId('history-project')).toHaveText(['webapp']);
  const item = (title: string) => list.getByTestId('history-item').filter({ hasText: title });
  await expect(item(SESSIONS.parser[1]).getByTestId('history-branch')).toHaveText('worktree-parser');
  await expect(item(SESSIONS.topic[1]).getByTestId('history-branch')).toHaveText('topic');
  await expect(item(SESSIONS.main[1]).getByTestId('history-branch')).toHaveCount(0);
  await expectNoAxeViolationsInBothThemes(page, 'History with worktree sessions', { include: '#thread-sidebar' });
  await shots(page, 'history-worktrees');

  // Continued in a thread, the session is one piece of work: search finds it once, as the thread.
  await item(SESSIONS.parser[1]).locator('.thread-open').click();
  await page.getByRole('button', { name: /^Continue here/ }).click();
  await expect(page.getByTestId('chat-header')).toBeVisible();
  await page.getByTestId('tab-history').click();
  await page.getByTestId('history-search').fill('WT-NONCE-7 trailing');
  await expect(page.getByTestId('history-thread-hit')).toHaveCount(1);
  await expect(list.getByTestId('history-item')).toHaveCount(0);
});
