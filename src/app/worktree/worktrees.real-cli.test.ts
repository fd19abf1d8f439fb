import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../../test/fixtures/real-cli';
import { git, scratchRepo } from '../../../test/fixtures/scratch-repo';
import type { TurnEvent } from '../../shared/turn-events';
import { cliProjectsDir, projectSlug } from '../../core/history/cli-projects-dir';
import { createDeskApp, type DeskApp } from '../desk-app';

/**
 * Two threads in one git project, each in its own worktree (Claude Code's `-w` layout, recorded case 51), both
 * asked at once to write notes.md with different content: the real CLI against the mock, through the contract.
 */
describe('a worktree per thread (real CLI, mock API)', () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  let desk: DeskApp;
  let root: string;
  let repo: string;
  const events: TurnEvent[] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock, { extra: { IS_SANDBOX: '1' } }); // full access as root, for the commit below
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-wt-')));
    fs.mkdirSync(path.join(root, 'repo'));
    repo = scratchRepo(path.join(root, 'repo'));
    desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: path.join(root, 'data') },
    });
    desk.bus.subscribe((name, payload) => name === 'turnEvent' && events.push(payload as TurnEvent));
    await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
  });
  afterAll(async () => {
    await desk?.shutdown();
    await mock?.close();
    cli?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const finished = async (turnId: string) => {
    await expect
      .poll(() => events.some((e) => e.turnId === turnId && e.type === 'finished'), { timeout: 90_000 })
      .toBe(true);
    return events.find((e) => e.turnId === turnId && e.type === 'finished');
  };
  const write = (content: string) =>
    `SCENARIO:steps [{"name":"Write","input":{"file_path":"$CWD/notes.md","content":"${content}\\n"}}]`;

  it('both answer, each in its own worktree; the checkout stays clean; each session is under its worktree', async () => {
    // Settings' default (on) gives a thread of a git project its own worktree.
    const a = await desk.handlers.createThread({ title: 'Notes A', settings: { projectDir: repo } });
    const b = await desk.handlers.createThread({ title: 'Notes B', settings: { projectDir: repo } });
    expect(a.settings.useWorktree).toBe(true);
    const [ta, tb] = await Promise.all([
      desk.handlers.sendMessage({ threadId: a.id, text: write('from A') }),
      desk.handlers.sendMessage({ threadId: b.id, text: write('from B') }),
    ]);
    expect(await finished(ta.turnId)).toMatchObject({ status: 'done' });
    expect(await finished(tb.turnId)).toMatchObject({ status: 'done' });

    const wtA = desk.services.threads.summary(a.id)!.settings.worktree!;
    const wtB = desk.services.threads.summary(b.id)!.settings.worktree!;
    expect(wtA).toMatchObject({ name: 'notes-a', branch: 'worktree-notes-a', base: 'main', state: 'ready', repo });
    expect(wtB.path).toBe(path.join(repo, '.claude', 'worktrees', 'notes-b'));
    expect(fs.readFileSync(path.join(wtA.path, 'notes.md'), 'utf8')).toBe('from A\n');
    expect(fs.readFileSync(path.join(wtB.path, 'notes.md'), 'utf8')).toBe('from B\n');
    // The user's own checkout: no notes.md, nothing in git status, on its branch.
    expect(fs.existsSync(path.join(repo, 'notes.md'))).toBe(false);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(git(repo, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    const list = git(repo, 'worktree', 'list');
    expect(list).toContain(`${wtA.path} `);
    expect(list).toContain(`${wtB.path} `);

    // Each session is stored where the CLI keeps that worktree folder's sessions…
    const projects = cliProjectsDir(cli.env);
    for (const [thread, wt] of [
      [a, wtA],
      [b, wtB],
    ] as const) {
      const session = await desk.services.sessions.get(thread.id);
      expect(fs.existsSync(path.join(projects, projectSlug(wt.path), `${session}.jsonl`))).toBe(true);
    }
    // …so Claude Code typed inside the worktree finds it: `--resume <id>` there continues the thread's session.
    const sessionA = (await desk.services.sessions.get(a.id))!;
    // Not execFileSync: the mock answers from this very process.
    const out = await new Promise<string>((resolve, reject) => {
      const child = execFile(
        realCliPath(),
        ['-p', '--resume', sessionA, 'What did you write?'],
        { cwd: wtA.path, env: cli.env, encoding: 'utf8', timeout: 120_000 },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      );
      child.stdin?.end(); // -p reads a piped stdin to its end first
    });
    expect(out).toContain('Hello from the mock API.');
    const lines = fs.readFileSync(path.join(projects, projectSlug(wtA.path), `${sessionA}.jsonl`), 'utf8');
    expect(lines).toContain('What did you write?');

    // A later turn runs in the same worktree, and makes none.
    const again = await desk.handlers.sendMessage({ threadId: a.id, text: write('A again') });
    expect(await finished(again.turnId)).toMatchObject({ status: 'done' });
    expect(fs.readFileSync(path.join(wtA.path, 'notes.md'), 'utf8')).toBe('A again\n');
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(3);
  });

  it('a git commit inside the worktree works behind the wall (the common git dir is writable)', async () => {
    const t = await desk.handlers.createThread({ title: 'Commit', settings: { projectDir: repo } });
    const wall = await desk.services.sandbox();
    const command = 'git add notes.md && git commit -q -m from-the-thread && git log -1 --format=%s';
    const text = `SCENARIO:steps [{"name":"Write","input":{"file_path":"$CWD/notes.md","content":"c\\n"}},{"name":"Bash","input":{"command":"${command}","description":"commit"}}]`;
    await desk.handlers.updateThreadSettings({ threadId: t.id, settings: { permissionMode: 'bypassPermissions' } });
    const sent = await desk.handlers.sendMessage({ threadId: t.id, text });
    expect(await finished(sent.turnId)).toMatchObject({ status: 'done' });
    const wt = desk.services.threads.summary(t.id)!.settings.worktree!;
    expect(git(wt.path, 'log', '-1', '--format=%s'), `wall: ${wall.kind}`).toBe('from-the-thread');
    expect(git(repo, 'log', '-1', '--format=%s', 'main')).toBe('first');
  });
});
