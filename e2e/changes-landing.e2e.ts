import { test, expect, type Locator, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectNoAxeViolations } from './axe';
import { startDeskHost, type DeskHost } from './desk-host';
import { createDeskApp } from '../src/app/desk-app';
import type { ThreadWorktree } from '../src/shared/worktree';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { addWorktree, git, makeRepo, write } from '../test/fixtures/scratch-worktrees';
import { standInGh, type StandInGh } from '../test/fixtures/stand-in-gh';

/**
 * Landing in browser mode, what the Changes panel checks first: Create pull request is offered only when a stand-in
 * `gh` (first on PATH) is there and logged in and the repository has a remote — else one sentence says what is
 * missing; and a discard refuses, naming it, while a real `claude --bg` session works in the worktree (scratch
 * HOME with the folder trusted and the key approved, recorded case 54). SHOTS=<dir> saves each state in both
 * themes at 1280×800 and 800×600; axe runs on each in both themes.
 */
let mock: MockApi;
let cli: RealCliEnv;
let home: string;
let gh: StandInGh;
let host: DeskHost;
let dataDir: string;
let repo: string;
let remote: string;
const worktrees: Record<string, ThreadWorktree> = {};

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  home = await fs.realpath(cli.home);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-landing-'));
  repo = makeRepo(await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-landing-repo-'))));
  remote = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-landing-remote-'));
  git(remote, 'init', '-q', '--bare');
  gh = standInGh(path.join(dataDir, 'stand-in-bin'), { loggedIn: false });
  gh.install(false); // as on a computer without gh
  const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
  try {
    for (const [title, name] of [
      ['Open a pull request', 'review'],
      ['Throw this away', 'scrap'],
    ] as const) {
      const wt = (worktrees[name] = addWorktree(repo, name));
      write(wt.path, `${name}.md`, `${title}\n`);
      const t = await desk.services.threads.create({ title });
      await desk.services.threads.updateSettings(t.id, { projectDir: wt.path, worktree: wt });
    }
  } finally {
    await desk.shutdown();
  }
  // Workspace trust and the approved key, so `claude --bg` in the worktree runs instead of waiting for a login.
  const trusted = Object.fromEntries([repo, worktrees.scrap!.path].map((p) => [p, { hasTrustDialogAccepted: true }]));
  const config = { projects: trusted, customApiKeyResponses: { approved: ['sk-ant-test'], rejected: [] } };
  await fs.writeFile(path.join(home, '.claude.json'), JSON.stringify(config, null, 2), { mode: 0o600 });
  host = await startDeskHost({
    dataDir,
    env: { ...cli.env, HOME: home, CLAUDE_DESK_CLI: realCliPath(), PATH: `${gh.dir}:${process.env.PATH ?? ''}` },
  });
});

test.afterAll(async () => {
  await host?.stop();
  // What `--bg` leaves running (case 50): this user's processes whose HOME is the scratch home.
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`HOME=${home}`))
        process.kill(Number(pid), 'SIGKILL');
    } catch {
      // not ours, or gone
    }
  }
  await mock?.close();
  cli?.cleanup();
  for (const dir of [repo, remote, dataDir]) if (dir) await fs.rm(dir, { recursive: true, force: true });
});

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

async function openChanges(page: Page, title: string): Promise<Locator> {
  await page.getByTestId('thread-item').filter({ hasText: title }).first().click();
  await expect(page.getByTestId('chat-title')).toHaveText(title);
  const button = page.getByTestId('changes-button');
  // Reopened: the panel asks gh again.
  if ((await button.getAttribute('aria-expanded')) === 'true') await button.click();
  await button.click();
  const panel = page.getByTestId('changes-panel');
  await expect(panel).toBeVisible();
  return panel;
}

test('Create pull request waits for gh, a remote and a login, saying what is missing; then opens one', async ({
  page,
}) => {
  await page.goto(host.url);
  let panel = await openChanges(page, 'Open a pull request');
  const pr = () => panel.getByTestId('land-pullRequest');
  const note = () => panel.getByTestId('changes-pr-note');
  await expect(note()).toHaveText(/^Install GitHub’s gh command line .* to open pull requests from here/);
  await expect(pr()).toBeDisabled();
  await look(page, 'changes-pr-no-gh', '[data-testid="changes-panel"]');

  gh.install(true);
  panel = await openChanges(page, 'Open a pull request');
  await expect(note()).toHaveText(/^This repository has no remote to push to/);
  await expect(pr()).toBeDisabled();

  git(repo, 'remote', 'add', 'origin', remote);
  panel = await openChanges(page, 'Open a pull request');
  await expect(note()).toHaveText(/^gh is not logged in: run gh auth login in a terminal/);
  await expect(pr()).toBeDisabled();
  await look(page, 'changes-pr-logged-out', '[data-testid="changes-panel"]');

  gh.login(true);
  panel = await openChanges(page, 'Open a pull request');
  await expect(pr()).toBeEnabled();
  await expect(note()).toHaveCount(0);
  await pr().click();
  const dialog = page.getByTestId('land-dialog');
  await expect(dialog.getByTestId('land-message')).toHaveValue(/^Open a pull request/);
  await dialog.getByTestId('land-confirm').click();
  await expect(panel.getByTestId('changes-outcome')).toContainText('Opened a pull request for worktree-review.');
  await expect(panel.getByRole('link', { name: 'https://github.com/ada/project/pull/7' })).toBeVisible();
  expect(git(remote, 'show', 'worktree-review:review.md')).toBe('Open a pull request\n');
  expect(gh.calls().at(-1)).toMatch(/^pr create --base main --head worktree-review --title Open a pull request/);
});

test('at 800×600 the drawer sits under the header and beside the thread list, its actions in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(host.url);
  const panel = await openChanges(page, 'Open a pull request');
  const box = async (l: Locator) => {
    const b = await l.boundingBox();
    if (!b) throw new Error(`${l.toString()} is not on screen`);
    return b;
  };
  const [drawer, header, sidebar] = await Promise.all([
    box(panel),
    box(page.getByTestId('chat-header')),
    box(page.locator('#thread-sidebar')),
  ]);
  expect(drawer.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(drawer.x).toBeGreaterThanOrEqual(sidebar.x + sidebar.width - 1);
  expect(drawer.x + drawer.width).toBeLessThanOrEqual(800);
  // The header's Changes toggle is not under the drawer: a click there reaches it.
  const toggle = await box(page.getByTestId('changes-button'));
  // A string, evaluated in the page: this project has no DOM types.
  const [x, y] = [toggle.x + toggle.width / 2, toggle.y + toggle.height / 2];
  const reached = await page.evaluate(
    `document.elementFromPoint(${x}, ${y})?.closest('[data-testid="changes-button"]') !== null`,
  );
  expect(reached).toBe(true);
  for (const action of ['commit', 'merge', 'keep', 'pullRequest', 'discard'])
    await expect(panel.getByTestId(`land-${action}`)).toBeInViewport({ ratio: 1 });
  await look(page, 'changes-panel-small', '[data-testid="changes-panel"]');
});

function claude(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(realCliPath(), args, { cwd, env: { ...cli.env, HOME: home }, timeout: 60_000 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    ),
  );
}

test('discard refuses while a `claude --bg` session works in the worktree, naming it, until the box is ticked', async ({
  page,
}) => {
  const wt = worktrees.scrap!;
  const id = /backgrounded · (\S+)/.exec(await claude(wt.path, ['--bg', 'Hi']))?.[1];
  expect(id).toBeTruthy();
  await page.goto(host.url);
  const panel = await openChanges(page, 'Throw this away');
  await panel.getByTestId('land-discard').click();
  const dialog = page.getByTestId('land-dialog');
  await dialog.getByTestId('land-confirm').click();
  await expect(dialog.getByRole('alert')).toContainText('still working in this worktree');
  await expect(dialog.getByRole('list', { name: 'Sessions still working in this worktree' })).toContainText(
    `claude stop ${id}`,
  );
  await expect(dialog.getByTestId('land-confirm')).toBeDisabled();
  await look(page, 'changes-discard-live-session', '[data-testid="land-dialog"]');
  await expect(fs.access(wt.path)).resolves.toBeUndefined();

  await dialog.getByLabel('Remove the folder even if a session is still working in it').check();
  await dialog.getByTestId('land-confirm').click();
  // Then the uncommitted file is asked about too; both boxes ticked, it goes.
  await dialog.getByLabel('Delete this work too').check();
  await dialog.getByTestId('land-confirm').click();
  await expect(panel.getByTestId('changes-outcome')).toContainText(
    'Removed the worktree and the branch worktree-scrap',
  );
  await expect(fs.access(wt.path)).rejects.toThrow();
  await claude(repo, ['stop', id!]).catch(() => undefined);
});
