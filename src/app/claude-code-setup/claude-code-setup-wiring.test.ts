import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadSummary } from '../../shared/threads';
import { EMPTY_TOTALS } from '../../shared/turn-reducer';
import { wireClaudeCodeSetup } from './claude-code-setup-wiring';

/**
 * Settings → Claude Code for a thread in its own worktree shows and edits the project as the thread sees it: the
 * worktree's CLAUDE.md (the one its Claude Code loads), never the user's checkout. Folders only, no git: the wiring
 * follows the thread's recorded worktree.
 */
let dir: string;
let repo: string;
let worktree: string;
beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'desk-setup-wt-')));
  repo = path.join(dir, 'shop');
  worktree = path.join(repo, '.claude', 'worktrees', 'fix-login');
  fs.mkdirSync(worktree, { recursive: true });
  fs.writeFileSync(path.join(repo, 'CLAUDE.md'), 'main checkout\n');
  fs.writeFileSync(path.join(worktree, 'CLAUDE.md'), 'worktree copy\n');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function wire(pending = false) {
  const thread: ThreadSummary = {
    id: 't1',
    title: 'Fix login',
    createdAt: 1,
    updatedAt: 1,
    totals: { ...EMPTY_TOTALS },
    settings: pending
      ? { projectDir: repo, useWorktree: true }
      : {
          projectDir: repo,
          worktree: {
            name: 'fix-login',
            repo,
            path: worktree,
            branch: 'worktree-fix-login',
            base: 'main',
            state: 'ready',
          },
        },
  };
  const changed: string[] = [];
  const wired = wireClaudeCodeSetup({
    env: { HOME: path.join(dir, 'home') },
    threads: { summary: (id) => (id === 't1' ? thread : undefined) },
    workspaceDir: path.join(dir, 'workspace'),
    filesChanged: (reason) => changed.push(reason),
    launcher: { withEnv: () => Promise.reject(new Error('not used')) } as never,
  });
  return { handlers: wired.handlers, changed };
}

describe('Settings → Claude Code for a worktree thread', () => {
  it("reads the worktree's project files and says the thread works there", async () => {
    const { handlers } = wire();
    const setup = await handlers.getClaudeCodeSetup({ threadId: 't1' });
    expect(setup.projectDir).toBe(worktree);
    expect(setup.worktree).toMatchObject({ path: worktree, branch: 'worktree-fix-login', base: 'main', repo });
    const project = setup.instructions.find((f) => f.kind === 'project');
    expect(project).toMatchObject({ path: path.join(worktree, 'CLAUDE.md'), text: 'worktree copy\n' });
  });

  it("an edit of the project's CLAUDE.md goes to the worktree, and the user's checkout stays as it was", async () => {
    const { handlers } = wire();
    const out = await handlers.saveInstructionFile({
      threadId: 't1',
      path: path.join(worktree, 'CLAUDE.md'),
      text: 'worktree copy\nUse pnpm.\n',
    });
    expect(fs.readFileSync(path.join(worktree, 'CLAUDE.md'), 'utf8')).toBe('worktree copy\nUse pnpm.\n');
    expect(fs.readFileSync(path.join(repo, 'CLAUDE.md'), 'utf8')).toBe('main checkout\n');
    expect(out.takesEffect).toMatch(/this thread's worktree/);
  });

  it('before its worktree is made, the page shows the checkout and says an edit there does not reach the thread', async () => {
    const { handlers } = wire(true);
    const setup = await handlers.getClaudeCodeSetup({ threadId: 't1' });
    expect(setup.projectDir).toBe(repo);
    expect(setup.worktreePending).toBe(true);
    expect(setup.worktree).toBeUndefined();
  });
});
