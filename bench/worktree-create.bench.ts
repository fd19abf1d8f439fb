/**
 * What making a thread's own worktree costs beyond git itself, in a git project of BENCH_WORKTREE_FILES files
 * (default 10,000, ~4 KB each, committed):
 *  (a) createThreadWorktree, as a thread's first turn runs it (where it is, the base branch, the exclude line,
 *      `git worktree add`, the .worktreeinclude copy)
 *  (b) `git worktree add -q -b <branch> <folder> main` alone
 * INTERLEAVED, the order swapped each round; every worktree is removed again (untimed) so each round starts alike.
 * Prints min–median–max of each, and a/b with its 95 % interval (goal ≤ 1.2×). Then shows that a message typed
 * into a thread that has its worktree starts no git process at all (ThreadWorktrees.ready passes it through).
 * Run: npx tsx bench/worktree-create.bench.ts   (BENCH_ROUNDS ≥ 3, default 7)
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createThreadWorktree } from '../src/core/worktree/create-worktree';
import { ThreadWorktrees } from '../src/app/worktree/thread-worktrees';
import type { ThreadSettings, ThreadSummary } from '../src/shared/threads';
import { judgeAtMost, median, medianRatioInterval } from './bench-stats';

const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS) || 7);
const FILES = Math.max(10, Number(process.env.BENCH_WORKTREE_FILES) || 10_000);
const run = promisify(execFile);
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const spread = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0]!.toFixed(0)}–${median(s).toFixed(0)}–${s.at(-1)!.toFixed(0)} ms`;
};

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-bench-worktree-')));
try {
  const repo = path.join(root, 'repo');
  const line = 'export const value = "some typical source line of a project file";\n';
  for (let i = 0; i < FILES; i++) {
    const sub = path.join(repo, `src${i % 50}`);
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, `file${i}.ts`), `// ${i}\n${line.repeat(60)}`);
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.email=b@b', '-c', 'user.name=b', 'commit', '-qm', 'project');
  const remove = (folder: string, branch: string) => {
    git('worktree', 'remove', '--force', folder);
    git('branch', '-D', branch);
  };

  const app: number[] = [];
  const raw: number[] = [];
  const variants = {
    app: async (i: number) => {
      const t0 = process.hrtime.bigint();
      const wt = await createThreadWorktree({ projectDir: repo, name: `app-${i}` });
      app.push(ms(t0));
      remove(wt.path, wt.branch);
    },
    raw: async (i: number) => {
      const folder = path.join(repo, '.claude', 'worktrees', `raw-${i}`);
      const t0 = process.hrtime.bigint();
      await run('git', ['worktree', 'add', '-q', '-b', `raw-${i}`, folder, 'main'], { cwd: repo });
      raw.push(ms(t0));
      remove(folder, `raw-${i}`);
    },
  };
  await variants.raw(-1); // warm git's and the file system's caches once, untimed
  raw.length = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 ? (['raw', 'app'] as const) : (['app', 'raw'] as const);
    for (const v of order) await variants[v](i);
  }
  console.log(`worktree creation in a ${FILES.toLocaleString('en')}-file repository, ${ROUNDS} rounds interleaved:`);
  console.log(`  (a) createThreadWorktree      ${spread(app)}`);
  console.log(`  (b) git worktree add alone    ${spread(raw)}`);
  const r = medianRatioInterval(
    app.map((t) => [t]),
    raw.map((t) => [t]),
  );
  if (r)
    console.log(
      `  a/b = ${r.ratio.toFixed(2)}× (95 % ${r.low.toFixed(2)}–${r.high.toFixed(2)}×), goal ≤ 1.2×: ${judgeAtMost(r, 1.2)}`,
    );

  // A message typed into a thread that has its worktree: no creation, no git process, on its way to the CLI.
  let created = 0;
  const wts = new ThreadWorktrees({
    threads: { summary: () => ({ title: 't' }) as ThreadSummary, updateSettings: async () => ({}) as ThreadSummary },
    notice: () => undefined,
    workspaceDir: root,
    create: async (input) => {
      created++;
      return createThreadWorktree(input);
    },
  });
  const made: ThreadSettings = {
    projectDir: repo,
    useWorktree: true,
    worktree: { name: 'x', repo, path: repo, branch: 'worktree-x', base: 'main', state: 'ready' },
  };
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < 1_000; i++) await wts.ready('t', made);
  console.log(
    `  an existing worktree thread's message: ${((ms(t0) * 1000) / 1_000).toFixed(1)} µs each, ${created} worktrees made`,
  );
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
