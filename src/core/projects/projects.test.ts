import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syntheticSession } from '../../../test/fixtures/synthetic-sessions';
import { projectSlug } from '../history/cli-projects-dir';
import { CliSessionFolders } from './cli-session-folders';
import { completeFolder } from './complete-folder';
import { describeFolder } from './folder-facts';
import { recentProjects } from './recent-projects';

let root: string;
const home = () => path.join(root, 'home');
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'projects-'));
  fs.mkdirSync(home());
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A CLI transcript for `cwd` under the scratch home's `~/.claude/projects`, last written at `at`. */
function terminalSession(cwd: string, at: number): void {
  const dir = path.join(home(), '.claude', 'projects', projectSlug(cwd));
  fs.mkdirSync(dir, { recursive: true });
  const id = `${String(at % 1e8).padStart(8, '0')}-0000-4000-8000-000000000000`;
  const file = path.join(dir, `${id}.jsonl`);
  fs.writeFileSync(file, syntheticSession({ sessionId: id, cwd, turns: 1 }));
  fs.utimesSync(file, at / 1000, at / 1000);
}

describe('describeFolder', () => {
  it('tells a git project and its checked-out branch from the HEAD file', async () => {
    const repo = path.join(root, 'app');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.git', 'HEAD'), 'ref: refs/heads/feature/login\n');
    fs.mkdirSync(path.join(repo, 'src'));
    expect(await describeFolder(repo)).toMatchObject({ name: 'app', state: 'ok', git: { branch: 'feature/login' } });
    // A folder inside the repository is in it too; a detached HEAD has no branch.
    fs.writeFileSync(path.join(repo, '.git', 'HEAD'), '0123456789abcdef0123456789abcdef01234567\n');
    expect((await describeFolder(path.join(repo, 'src'))).git).toEqual({});
  });

  it('gives a missing folder, a file and a relative path one sentence each', async () => {
    const gone = await describeFolder(path.join(root, 'moved-away'));
    expect(gone.state).toBe('missing');
    expect(gone.problem).toMatch(/no longer exists; if it was moved or renamed, open it from its new place/);
    fs.writeFileSync(path.join(root, 'notes.txt'), '');
    expect((await describeFolder(path.join(root, 'notes.txt'))).problem).toMatch(/is a file, not a folder/);
    expect((await describeFolder('src/app')).problem).toMatch(/not a full path/);
    expect((await describeFolder('~', { home })).path).toBe(home());
  });
});

describe('recent projects', () => {
  it('lists a folder used only from the terminal beside the threads’ folders, most recent first', async () => {
    const cli = path.join(root, 'terminal only');
    const desk = path.join(root, 'desk.app');
    fs.mkdirSync(cli);
    fs.mkdirSync(desk);
    terminalSession(cli, 2_000_000_000_000);
    terminalSession(desk, 1_000_000_000_000);
    const terminal = await new CliSessionFolders(path.join(home(), '.claude', 'projects')).list();
    const rows = await recentProjects({
      threads: [{ projectDir: desk, updatedAt: 1_500_000_000_000 }, { updatedAt: 3_000_000_000_000 }],
      terminal,
      hidden: () => false,
    });
    // The real cwd from the transcript, not the slug's guess (which loses the space and the dot).
    expect(rows.map((r) => [r.path, r.seenIn])).toEqual([
      [cli, ['terminal']],
      [desk, ['terminal', 'threads']],
    ]);
    expect(rows[1]!.lastUsed).toBe(1_500_000_000_000);
  });

  it('leaves out the app’s own folders and threads’ worktrees', async () => {
    const repo = path.join(root, 'repo');
    const rows = await recentProjects({
      threads: [
        { projectDir: path.join(repo, '.claude', 'worktrees', 'fix-login'), updatedAt: 2 },
        { projectDir: path.join(root, 'data', 'workspace'), updatedAt: 3 },
        { projectDir: repo, updatedAt: 1 },
      ],
      terminal: [],
      hidden: (dir) => dir.startsWith(path.join(root, 'data')),
    });
    expect(rows.map((r) => r.path)).toEqual([repo]);
    expect(rows[0]!.state).toBe('missing');
  });
});

describe('completeFolder', () => {
  beforeEach(() => {
    for (const d of ['projects', 'Pictures', 'public', '.config', '.private']) fs.mkdirSync(path.join(home(), d));
    fs.writeFileSync(path.join(home(), 'plan.txt'), '');
    fs.symlinkSync(path.join(home(), 'projects'), path.join(home(), 'proj-link'));
  });

  it('completes folder names under ~, case-insensitively, folders and links to folders only', async () => {
    expect(await completeFolder('~/p', { home })).toEqual({
      dir: `${home()}/`,
      names: ['Pictures', 'proj-link', 'projects', 'public'],
      truncated: false,
    });
    expect((await completeFolder('~/PRO', { home })).names).toEqual(['proj-link', 'projects']);
  });

  it('shows hidden folders only when a dot is typed, and bounds the count', async () => {
    expect((await completeFolder('~/', { home })).names).not.toContain('.config');
    expect((await completeFolder('~/.', { home })).names).toEqual(['.config', '.private']);
    expect(await completeFolder('~/', { home, limit: 2 })).toMatchObject({
      names: ['Pictures', 'proj-link'],
      truncated: true,
    });
  });

  it('says what is wrong with a path it cannot list', async () => {
    expect((await completeFolder(`${home()}/nowhere/x`, { home })).problem).toMatch(/does not exist/);
    expect((await completeFolder('relative/dir', { home })).problem).toMatch(/full path/);
  });
});
