import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createDeskApp } from '../src/app/desk-app';
import { callHandler } from '../src/app/dispatch-call';
import { processAlive } from '../src/core/process-group';
import { useTempDirs } from './fixtures/temp-dirs';
import { addWorktree, git, makeRepo, write } from './fixtures/scratch-worktrees';

/**
 * A land from the window waits on a repository hook that hangs (`sleep 600`): the Changes panel's poll names the hook
 * and the elapsed time, and Stop ends git and the hook at once, with one true sentence (issue 45, case 3).
 */
const temp = useTempDirs('land-stop');

/** A hook that records git's pid (its parent), its own and its child's, then waits on a `sleep 600`. */
function hangingHook(repo: string, event: string, pids: string): void {
  const file = path.join(repo, '.git', 'hooks', event);
  fs.writeFileSync(
    file,
    `#!/bin/sh\necho $PPID >> '${pids}'\necho $$ >> '${pids}'\nsleep 600 &\necho $! >> '${pids}'\nwait\n`,
    { mode: 0o755 },
  );
}
const recorded = (pids: string) =>
  fs.existsSync(pids) ? fs.readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number) : [];

describe('Stop during a land that waits on a hanging hook', () => {
  it('the poll names the hook and its time; Stop ends git and the hook, nothing merged, the sentence says so', async () => {
    const dataDir = await temp.make();
    const repo = makeRepo(await temp.make());
    const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
    try {
      const wt = addWorktree(repo, 't');
      const t = await desk.services.threads.create({ title: 't' });
      await desk.services.threads.updateSettings(t.id, { projectDir: repo, worktree: wt });
      write(wt.path, 'notes.md', 'work\n');
      const pids = path.join(await temp.make(), 'pids');
      hangingHook(repo, 'pre-commit', pids);
      const mainBefore = git(repo, 'rev-parse', 'main');
      expect(await callHandler(desk.handlers, 'getLandProgress', { threadId: t.id })).toBeNull();

      const landing = callHandler(desk.handlers, 'landThread', { threadId: t.id, action: 'merge', message: 'm' });
      await expect
        .poll(async () => (await callHandler(desk.handlers, 'getLandProgress', { threadId: t.id }))?.hook?.event, {
          timeout: 60_000,
        })
        .toBe('pre-commit');
      await expect.poll(() => recorded(pids).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      const progress = await callHandler(desk.handlers, 'getLandProgress', { threadId: t.id });
      expect(progress?.waitingFor).toMatch(/^the pre-commit hook \(.*hooks\/pre-commit\)$/);
      expect(progress?.boundMs).toBe(60_000);
      expect(progress?.elapsedMs).toBeGreaterThanOrEqual(0);

      expect(await callHandler(desk.handlers, 'stopLand', { threadId: t.id })).toEqual({ stopped: true });
      const out = await landing;
      expect(out.ok).toBe(false);
      expect(out.message).toMatch(
        /^Stopped the pre-commit hook \(.*hooks\/pre-commit\) as asked: nothing was committed on worktree-t and main was not changed, and the worktree is as git left it — merge again when ready\.$/,
      );
      await expect.poll(() => recorded(pids).filter(processAlive), { timeout: 20_000 }).toEqual([]);
      expect(git(repo, 'rev-parse', 'main')).toBe(mainBefore);
      expect(git(wt.path, 'rev-parse', 'HEAD')).toBe(mainBefore);
      expect(await callHandler(desk.handlers, 'getLandProgress', { threadId: t.id })).toBeNull();
      expect(await callHandler(desk.handlers, 'stopLand', { threadId: t.id })).toEqual({ stopped: false });
    } finally {
      await desk.shutdown();
    }
  }, 120_000);

  it('bringing the base in, held by a hanging pre-merge-commit hook: the poll names it, Stop ends it, the sentence is true', async () => {
    const dataDir = await temp.make();
    const repo = makeRepo(await temp.make());
    const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
    try {
      const wt = addWorktree(repo, 't');
      const t = await desk.services.threads.create({ title: 't' });
      await desk.services.threads.updateSettings(t.id, { projectDir: repo, worktree: wt });
      // Both sides moved on (different files): bringing main in makes a merge commit, through its hook.
      write(wt.path, 'notes.md', 'work\n');
      git(wt.path, 'add', '-A');
      git(wt.path, 'commit', '-q', '-m', 'work');
      write(repo, 'other.md', 'base\n');
      git(repo, 'add', '-A');
      git(repo, 'commit', '-q', '-m', 'base');
      const pids = path.join(await temp.make(), 'pids');
      hangingHook(repo, 'pre-merge-commit', pids);
      const [mainBefore, branchBefore] = [git(repo, 'rev-parse', 'main'), git(wt.path, 'rev-parse', 'HEAD')];

      const bringing = callHandler(desk.handlers, 'bringBase', { threadId: t.id, how: 'merge', message: 'm' });
      await expect
        .poll(async () => (await callHandler(desk.handlers, 'getLandProgress', { threadId: t.id }))?.hook?.event, {
          timeout: 60_000,
        })
        .toBe('pre-merge-commit');
      await expect.poll(() => recorded(pids).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      expect(await callHandler(desk.handlers, 'stopLand', { threadId: t.id })).toEqual({ stopped: true });
      const out = await bringing;
      expect(out.ok).toBe(false);
      expect(out.message).toMatch(
        /^Stopped the pre-merge-commit hook \(.*hooks\/pre-merge-commit\) as asked: nothing was committed on worktree-t and main was not changed, and the worktree is as git left it — bring main in again when ready\.$/,
      );
      await expect.poll(() => recorded(pids).filter(processAlive), { timeout: 20_000 }).toEqual([]);
      expect(git(repo, 'rev-parse', 'main')).toBe(mainBefore);
      expect(git(wt.path, 'rev-parse', 'HEAD')).toBe(branchBefore);
    } finally {
      await desk.shutdown();
    }
  }, 120_000);
});
