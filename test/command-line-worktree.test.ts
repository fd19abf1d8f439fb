import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockAnthropicApi, type MockApi } from './fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from './fixtures/real-cli';
import { git, scratchRepo } from './fixtures/scratch-repo';
import { createDeskApp } from '../src/app/desk-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');

function run(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env, cwd: root, timeout: 150_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const write = (content: string) =>
  `SCENARIO:steps [{"name":"Write","input":{"file_path":"$CWD/notes.md","content":"${content}\\n"}}]`;

/** `claude-desk chat --worktree`: the thread's first turn makes its worktree; later turns run in it. */
describe('claude-desk chat --worktree', () => {
  let mock: MockApi;
  let scratch: string;
  let repo: string;
  let base: ReturnType<typeof realCliEnv>;

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    base = realCliEnv(mock);
    scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-cli-wt-')));
    fs.mkdirSync(path.join(scratch, 'repo'));
    repo = scratchRepo(path.join(scratch, 'repo'));
  });
  afterAll(async () => {
    await mock.close();
    base.cleanup();
    fs.rmSync(scratch, { recursive: true, force: true });
  });
  const env = () => ({
    ...base.env,
    CLAUDE_DESK_DATA_DIR: path.join(scratch, 'data'),
    CLAUDE_DESK_CLI: realCliPath(),
    CLAUDE_DESK_PERMISSION_MODE: 'acceptEdits',
  });

  it('makes the worktree named after the thread on its first turn, and runs later turns in it', async () => {
    const first = await run(['chat', '--thread', 'notes', '--project', repo, '--worktree', write('one')], env());
    expect(first.code, first.stderr).toBe(0);
    const wt = path.join(repo, '.claude', 'worktrees', 'notes');
    expect(first.stderr).toContain(`Working in ${wt} (branch worktree-notes, from main).`);
    expect(fs.readFileSync(path.join(wt, 'notes.md'), 'utf8')).toBe('one\n');
    expect(fs.existsSync(path.join(repo, 'notes.md'))).toBe(false);
    expect(git(repo, 'status', '--porcelain')).toBe('');

    const later = await run(['chat', '--thread', 'notes', write('two')], env());
    expect(later.code, later.stderr).toBe(0);
    expect(later.stderr).not.toContain('Working in');
    expect(fs.readFileSync(path.join(wt, 'notes.md'), 'utf8')).toBe('two\n');
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(2);
    expect(fs.existsSync(path.join(repo, 'notes.md'))).toBe(false);
  });

  it('without --worktree a thread works in the folder itself; --worktree alone or on that thread later: a sentence', async () => {
    const plain = await run(['chat', '--thread', 'plain', '--project', repo, write('plain')], env());
    expect(plain.code, plain.stderr).toBe(0);
    expect(fs.readFileSync(path.join(repo, 'notes.md'), 'utf8')).toBe('plain\n');
    fs.rmSync(path.join(repo, 'notes.md'));

    const late = await run(['chat', '--thread', 'plain', '--worktree', 'hello'], env());
    expect(late.code).toBe(1);
    expect(late.stderr).toContain('chosen before its first message');

    const noProject = await run(['chat', '--thread', 'nowhere', '--worktree', 'hello'], env());
    expect(noProject.code).toBe(1);
    expect(noProject.stderr).toContain('--worktree needs --project <dir>');
  });

  it('--worktree where none can be made (no commit yet, not a repository): refused with the reason, nothing run', async () => {
    fs.mkdirSync(path.join(scratch, 'empty'));
    const empty = scratchRepo(path.join(scratch, 'empty'), {});
    const out = await run(['chat', '--thread', 'fresh', '--project', empty, '--worktree', write('here')], env());
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`The repository in ${empty} has no commit yet`);
    expect(out.stderr).toMatch(/make a first commit, or leave out the worktree/);
    expect(fs.existsSync(path.join(empty, 'notes.md'))).toBe(false);
    // Nothing of the app in that repository either: no snapshot refs.
    expect(git(empty, 'for-each-ref', 'refs/claude-desk')).toBe('');

    const plain = path.join(scratch, 'plain');
    fs.mkdirSync(plain);
    const notGit = await run(['chat', '--thread', 'plain2', '--project', plain, '--worktree', write('here')], env());
    expect(notGit.code).toBe(1);
    expect(notGit.stderr).toContain(`${plain} is not inside a git repository`);
    expect(fs.existsSync(path.join(plain, 'notes.md'))).toBe(false);
  });
  it('two `chat --thread same --worktree` at once make one thread with one worktree, and both answer in it', async () => {
    fs.mkdirSync(path.join(scratch, 'twice'));
    const twice = scratchRepo(path.join(scratch, 'twice'));
    const args = (text: string) => ['chat', '--thread', 'same', '--project', twice, '--worktree', write(text)];
    const [a, b] = await Promise.all([run(args('a'), env()), run(args('b'), env())]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(git(twice, 'worktree', 'list').split('\n')).toHaveLength(2);
    expect(git(twice, 'branch', '--list', 'worktree-same*').split('\n')).toHaveLength(1);
    const desk = await createDeskApp({ host: 'command-line', env: env() });
    try {
      const named = (await desk.handlers.listThreads(undefined)).filter((t) => t.title === 'same');
      expect(named).toHaveLength(1);
      expect(named[0]!.settings.worktree?.path).toBe(path.join(twice, '.claude', 'worktrees', 'same'));
    } finally {
      await desk.shutdown();
    }
  });

  it("a project switched to Always gives the command line's new threads a worktree; --no-worktree keeps one out", async () => {
    fs.mkdirSync(path.join(scratch, 'always'));
    const always = scratchRepo(path.join(scratch, 'always'));
    const desk = await createDeskApp({ host: 'command-line', env: env() });
    try {
      await desk.handlers.setProjectWorktrees({ path: always, choice: 'always' });
    } finally {
      await desk.shutdown();
    }
    const auto = await run(['chat', '--thread', 'auto', '--project', always, write('auto')], env());
    expect(auto.code, auto.stderr).toBe(0);
    const wt = path.join(always, '.claude', 'worktrees', 'auto');
    expect(auto.stderr).toContain(`Working in ${wt} (branch worktree-auto, from main).`);
    expect(fs.readFileSync(path.join(wt, 'notes.md'), 'utf8')).toBe('auto\n');
    expect(fs.existsSync(path.join(always, 'notes.md'))).toBe(false);

    const here = await run(['chat', '--thread', 'here', '--project', always, '--no-worktree', write('here')], env());
    expect(here.code, here.stderr).toBe(0);
    expect(fs.readFileSync(path.join(always, 'notes.md'), 'utf8')).toBe('here\n');
    expect(git(always, 'worktree', 'list').split('\n')).toHaveLength(2);

    // The thread that has its worktree is not sent to the checkout by a flag, nor run on in its worktree unsaid.
    const out = await run(['chat', '--thread', 'auto', '--project', always, '--no-worktree', write('out')], env());
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`This thread already works in its own worktree (${wt}).`);
    expect(fs.readFileSync(path.join(wt, 'notes.md'), 'utf8')).toBe('auto\n');
    expect(fs.readFileSync(path.join(always, 'notes.md'), 'utf8')).toBe('here\n');

    const both = await run(['chat', '--project', always, '--worktree', '--no-worktree', 'hello'], env());
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('--worktree and --no-worktree say opposite things');
  });

  it('a project switched to When Claude first edits: a question leaves nothing; the first edit makes the worktree', async () => {
    fs.mkdirSync(path.join(scratch, 'onedit'));
    const onEdit = scratchRepo(path.join(scratch, 'onedit'));
    const desk = await createDeskApp({ host: 'command-line', env: env() });
    try {
      await desk.handlers.setProjectWorktrees({ path: onEdit, choice: 'first-edit' });
    } finally {
      await desk.shutdown();
    }
    const ask = await run(['chat', '--thread', 'ask', '--project', onEdit, 'What is here?'], env());
    expect(ask.code, ask.stderr).toBe(0);
    expect(ask.stderr).not.toContain('Working in');
    expect(git(onEdit, 'worktree', 'list').split('\n')).toHaveLength(1);

    const edit = await run(['chat', '--thread', 'edit', '--project', onEdit, write('edit')], env());
    expect(edit.code, edit.stderr).toBe(0);
    const wt = path.join(onEdit, '.claude', 'worktrees', 'edit');
    expect(edit.stderr).toContain(
      `Claude is about to edit: this thread now works in its own worktree ${wt}, branch worktree-edit.`,
    );
    expect(fs.existsSync(path.join(onEdit, 'notes.md'))).toBe(false);
    expect(git(onEdit, 'status', '--porcelain')).toBe('');
    expect(git(onEdit, 'worktree', 'list').split('\n')).toHaveLength(2);
  });
});
