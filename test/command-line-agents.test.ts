import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeskApp } from '../src/app/desk-app';
import { agentsJson, agentsText } from '../src/command-line/agents-command';
import type { BoardRow } from '../src/shared/board';
import { useTempDirs } from './fixtures/temp-dirs';
import { addWorktree, makeRepo, write } from './fixtures/scratch-worktrees';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');
const temp = useTempDirs('cli-agents');

function run(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir };
    execFile(process.execPath, [bin, ...args], { env, cwd: root, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const ROW: BoardRow = {
  threadId: 't1',
  title: 'Write notes\u001b[2J',
  project: '/r',
  worktreePath: '/r/.claude/worktrees/notes',
  branch: 'worktree-notes',
  base: 'main',
  status: 'finished',
  since: 1_000,
  activity: 'Wrote notes.md',
  costUsd: 0.01,
  tokens: { in: 12_000, out: 345 },
  changes: { files: 1, added: 2, removed: 0 },
};

describe('claude-desk agents', () => {
  it('prints a row as two lines with its status time against the given clock; a title cannot move the terminal', () => {
    expect(agentsText([ROW], 61_000)).toBe(
      // The escape shows as the text `\e[2J`: it cannot clear the screen.
      'Write notes\\e[2J  Finished 1m 00s ago  worktree-notes  +2 −0 · 1 file  $0.01 · 12.3k tokens\n    /r/.claude/worktrees/notes\n',
    );
    expect(agentsJson([ROW])[0]).toMatchObject({ costUsd: 0.01, tokensIn: 12_000, tokensOut: 345 });
    expect(agentsJson([{ ...ROW, changes: null, worktreePath: undefined }])[0]).toMatchObject({
      worktreePath: null,
      filesChanged: null,
      linesAdded: null,
      linesRemoved: null,
    });
  });

  it('lists the worktree threads with changes to land — path, branch, files and lines — and not a landed one', async () => {
    const dataDir = await temp.make();
    const repo = makeRepo(await temp.make());
    const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
    try {
      for (const name of ['first', 'second', 'landed']) {
        const wt = addWorktree(repo, name);
        const t = await desk.services.threads.create({ title: name });
        const state = name === 'landed' ? 'merged' : 'ready';
        await desk.services.threads.updateSettings(t.id, { projectDir: repo, worktree: { ...wt, state } });
        write(wt.path, 'notes.md', `${name}\nwrote this\n`);
      }
      write(path.join(repo, '.claude', 'worktrees', 'second'), 'app.txt', 'one\n');
      // A window (this test process stands for it) is running a turn of a plain thread: its journal says so.
      const busy = await desk.services.threads.create({ title: 'busy' });
      const journal = path.join(desk.layout.stateDir, 'running-turns', `${process.pid}-test.jsonl`);
      write(
        path.dirname(journal),
        path.basename(journal),
        `${JSON.stringify({ threadId: busy.id, turnId: 'u1', pid: process.pid })}\n`,
      );
    } finally {
      await desk.shutdown();
    }
    const res = await run(['agents', '--json'], dataDir);
    expect(res.code, res.stderr).toBe(0);
    const rows = (JSON.parse(res.stdout) as ReturnType<typeof agentsJson>).sort((a, b) =>
      a.thread.localeCompare(b.thread),
    );
    expect(rows.map((r) => [r.thread, r.status, r.branch, r.filesChanged, r.linesAdded, r.linesRemoved])).toEqual([
      ['busy', 'working', null, null, null, null],
      ['first', 'finished', 'worktree-first', 1, 2, 0],
      ['second', 'finished', 'worktree-second', 2, 2, 2],
    ]);
    expect(rows[1]).toMatchObject({ project: repo, worktreePath: path.join(repo, '.claude', 'worktrees', 'first') });

    const text = await run(['agents'], dataDir);
    expect(text.stdout).toMatch(
      /^first {2}Finished \d+s ago {2}worktree-first {2}\+2 −0 · 1 file {2}\$0\.00 · 0 tokens\n/m,
    );
    expect(rows[1]).toMatchObject({ costUsd: 0, tokensIn: 0, tokensOut: 0 });
  }, 120_000);

  it('says so when nothing is on the board, with exit 0', async () => {
    const res = await run(['agents'], await temp.make());
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/No thread is working, waiting for you, failed or has changes to land/);
  }, 120_000);
});
