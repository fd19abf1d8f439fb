import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { git, scratchRepo } from '../../../test/fixtures/scratch-repo';
import type { ThreadSettings, ThreadSummary } from '../../shared/threads';
import { ThreadWorktrees } from './thread-worktrees';
import { createThreadWorktree } from '../../core/worktree/create-worktree';

const temp = useTempDirs('first-edit-move');

/** The threads store as ThreadWorktrees uses it, per thread: a title, settings, and the patches it writes. */
function fakeThreads(titles: Record<string, string>, projectDir: string) {
  const settings = new Map<string, ThreadSettings>(
    Object.keys(titles).map((id) => [id, { projectDir, useWorktree: false, worktreeOnEdit: true }]),
  );
  const patches: [string, ThreadSettings][] = [];
  return {
    patches,
    summary: (id: string) => ({ title: titles[id], settings: settings.get(id) }) as ThreadSummary,
    updateSettings: async (id: string, patch: ThreadSettings) => {
      patches.push([id, patch]);
      settings.set(id, { ...settings.get(id), ...patch });
      return {} as ThreadSummary;
    },
  };
}

/** Every path under `dir` but `.git` and `.claude/worktrees`, with its content. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== '.git' && path.relative(dir, p) !== path.join('.claude', 'worktrees')) walk(p);
      } else out[path.relative(dir, p)] = fs.readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describe('moving a "when Claude first edits" thread into its worktree', () => {
  it('moved: the worktree is made and recorded; the answer names it, where the edit was kept out of, and the note', async () => {
    const repo = scratchRepo(await temp.make());
    const threads = fakeThreads({ t1: 'Fix login' }, repo);
    const wts = new ThreadWorktrees({ threads, notice: () => undefined, workspaceDir: '/w' });
    const answer = await wts.moveOnEdit('t1', { toolName: 'Edit' });
    const wt = threads.summary('t1').settings.worktree!;
    expect(wt).toMatchObject({ name: 'fix-login', branch: 'worktree-fix-login', base: 'main', state: 'ready' });
    expect(threads.patches).toEqual([['t1', { worktree: wt, useWorktree: true }]]);
    expect(answer).toEqual({
      kind: 'moved',
      folder: wt.path,
      line: `Claude is about to edit: this thread now works in its own worktree ${wt.path}, branch worktree-fix-login.`,
      reason: expect.stringContaining(`nothing in ${repo} was changed`) as string,
      note: expect.stringContaining(`your Edit did not run. Redo it here, with paths under ${wt.path}`) as string,
    });
  });

  it('two threads of one project moving at once: each gets its own worktree and branch', async () => {
    const repo = scratchRepo(await temp.make());
    const threads = fakeThreads({ a: 'Notes A', b: 'Notes B' }, repo);
    const wts = new ThreadWorktrees({ threads, notice: () => undefined, workspaceDir: '/w' });
    const [a, b] = await Promise.all([
      wts.moveOnEdit('a', { toolName: 'Write' }),
      wts.moveOnEdit('b', { toolName: 'Bash' }),
    ]);
    expect(a.kind).toBe('moved');
    expect(b.kind).toBe('moved');
    if (a.kind !== 'moved' || b.kind !== 'moved') return;
    expect(a.folder).not.toBe(b.folder);
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(3);
    expect(git(repo, 'branch', '--format=%(refname:short)').split('\n').sort()).toEqual([
      'main',
      'worktree-notes-a',
      'worktree-notes-b',
    ]);
  });

  it.each([
    ['no commit yet', (dir: string) => scratchRepo(dir, {}), /has no commit yet/],
    [
      'a detached HEAD',
      (dir: string) => {
        const repo = scratchRepo(dir);
        git(repo, 'checkout', '-q', '--detach');
        return repo;
      },
      /detached|not on a branch/i,
    ],
  ])('%s: the edit is refused with the reason and the choice; nothing is made or changed', async (_, make, why) => {
    const repo = make(await temp.make());
    fs.writeFileSync(path.join(repo, 'mine.txt'), 'the user’s\n');
    const before = files(repo);
    const threads = fakeThreads({ t: 'Docs' }, repo);
    const notices: string[] = [];
    const wts = new ThreadWorktrees({ threads, notice: (m) => notices.push(m), workspaceDir: '/w' });
    const answer = await wts.moveOnEdit('t', { toolName: 'Edit' });
    expect(answer.kind).toBe('refused');
    if (answer.kind !== 'refused') return;
    expect(answer.reason).toMatch(why);
    expect(answer.reason).toContain('Nothing was changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(why);
    expect(notices[0]).toContain(`Claude's edit was refused: nothing in ${repo} changed.`);
    expect(notices[0]).toContain('or turn off “When Claude first edits” in this thread’s settings');
    // The thread still waits for its worktree (the next edit tries again): nothing recorded, nothing made.
    expect(threads.patches).toEqual([]);
    expect(files(repo)).toEqual(before);
    expect(fs.existsSync(path.join(repo, '.claude'))).toBe(false);
  });

  it('Stop while the worktree is being made: refused, what was started is removed, the checkout untouched', async () => {
    const repo = scratchRepo(await temp.make());
    const before = files(repo);
    const threads = fakeThreads({ t: 'Slow' }, repo);
    const notices: string[] = [];
    let started!: () => void;
    const making = new Promise<void>((resolve) => (started = resolve));
    const wts = new ThreadWorktrees({
      threads,
      notice: (m) => notices.push(m),
      workspaceDir: '/w',
      // The real creation, once Stop has been pressed: it sees the signal aborted and removes what it began.
      create: async (input) => {
        started();
        await new Promise<void>((resolve) => input.signal?.addEventListener('abort', () => resolve()));
        return createThreadWorktree(input);
      },
    });
    const pending = wts.moveOnEdit('t', { toolName: 'Edit' });
    await making;
    wts.stop('t');
    const answer = await pending;
    expect(answer.kind).toBe('refused');
    expect(notices).toEqual([
      `Stopped while this thread's worktree was being made: what was started of it is removed, Claude's edit did not run and nothing in ${repo} changed.`,
    ]);
    expect(threads.patches).toEqual([]);
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(1);
    expect(files(repo)).toEqual(before);
  });
});
