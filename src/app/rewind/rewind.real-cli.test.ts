import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import { filesTurnResponder } from '../../../test/fixtures/rewind-scenarios';
import type { TurnEvent } from '../../shared/turn-events';
import { createDeskApp, type DeskApp } from '../desk-app';

const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' });
/** What the user would look at to see nothing of theirs moved. */
const userGitState = (dir: string): string =>
  [
    'status --porcelain=v1 --untracked-files=all',
    'ls-files --stage',
    'branch -a -v',
    'stash list',
    'rev-parse HEAD',
    'log --all --oneline',
    'for-each-ref',
  ]
    .map((c) => git(dir, ...c.split(' ')))
    .join('\n--\n');

/**
 * Rewind through the contract, with the real CLI and the mock API: rewinding a turn restores its files
 * (Write, Edit and Bash alike) and the next request no longer carries that turn.
 */
describe('rewind: files and conversation together (real CLI, mock API)', () => {
  let mock: MockApi;
  let desk: DeskApp;
  let dataDir: string;
  let project: string;
  let cleanup: () => void;
  const events: TurnEvent[] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    mock.setResponder(filesTurnResponder());
    const cli = realCliEnv(mock, { extra: { IS_SANDBOX: '1' } });
    cleanup = cli.cleanup;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-rewind-'));
    desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir },
    });
    desk.bus.subscribe((name, payload) => name === 'turnEvent' && events.push(payload as TurnEvent));
  });
  afterAll(async () => {
    await desk?.shutdown();
    await mock?.close();
    cleanup?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    project = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-rewind-proj-')));
    git(project, 'init', '-q');
    await fs.writeFile(path.join(project, 'b.txt'), 'original b\n');
    git(project, 'add', 'b.txt');
    git(project, '-c', 'user.email=u@u', '-c', 'user.name=u', 'commit', '-qm', 'first');
  });

  const turn = async (threadId: string, text: string, inGit = true): Promise<string> => {
    const { turnId } = await desk.handlers.sendMessage({ threadId, text });
    await expect
      .poll(() => events.filter((e) => e.turnId === turnId && e.type === 'finished').length, { timeout: 90_000 })
      .toBe(1);
    expect(events.find((e) => e.turnId === turnId && e.type === 'finished')).toMatchObject({ status: 'done' });
    // The after-turn snapshot and the last write happen just after `finished`; the thread is idle after them.
    await expect.poll(() => desk.services.turns.isBusy(threadId), { timeout: 30_000 }).toBe(false);
    if (!inGit) return turnId;
    // …and the after-turn snapshot is in (a user's later edit must not be mistaken for Claude's).
    const users = (await desk.handlers.getThread({ threadId }))!.messages.filter((m) => m.role === 'user');
    const ref = `refs/claude-desk/${threadId}/${users.at(-1)!.id}/after`;
    const store = `--git-dir=${path.join(project, '.git', 'claude-desk', 'snapshots')}`;
    await expect
      .poll(() => git(project, store, 'for-each-ref', '--format=%(refname)', ref).trim(), { timeout: 30_000 })
      .toBe(ref);
    return turnId;
  };
  const read = (f: string) => fs.readFile(path.join(project, f), 'utf8').catch(() => undefined);
  const lastRequestText = () => JSON.stringify(mock.requests.at(-1)?.body.messages);

  it('a Write and an Edit are undone, the next request no longer holds that turn, and the branch can come back', async () => {
    await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
    const thread = await desk.handlers.createThread({ settings: { projectDir: project, useWorktree: false } });
    await turn(thread.id, 'first question nonce-keep');
    const before = userGitState(project);
    await turn(thread.id, 'FILES change them nonce-drop');
    expect(await read('a.txt')).toBe('new file a\n');
    expect(await read('b.txt')).toBe('edited b\n');

    const saved = (await desk.handlers.getThread({ threadId: thread.id }))!;
    const target = saved.messages.filter((m) => m.role === 'user')[1]!;
    const preview = await desk.handlers.previewRewind({ threadId: thread.id, messageId: target.id });
    expect(preview.source).toBe('git');
    expect(preview.files.map((f) => [f.path, f.action, f.conflict]).sort()).toEqual([
      ['a.txt', 'delete', false],
      ['b.txt', 'restore', false],
    ]);

    const out = await desk.handlers.rewindThread({ threadId: thread.id, messageId: target.id });
    expect(out.text).toBe('FILES change them nonce-drop');
    expect(out.restored.sort()).toEqual(['a.txt', 'b.txt']);
    expect(await read('a.txt')).toBeUndefined();
    expect(await read('b.txt')).toBe('original b\n');
    expect(userGitState(project)).toBe(before);

    const after = (await desk.handlers.getThread({ threadId: thread.id }))!;
    expect(after.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(after.branches?.[0]?.messages.length).toBe(2);

    await turn(thread.id, 'instead, another question');
    const sent = lastRequestText();
    expect(sent).toContain('nonce-keep');
    expect(sent).not.toContain('nonce-drop');
    expect(sent).not.toContain('Done with files.');

    // Switching back to the set-aside branch brings its files and its conversation back.
    const branchId = (await desk.handlers.getThread({ threadId: thread.id }))!.branches![0]!.id;
    await desk.handlers.switchBranch({ threadId: thread.id, branchId });
    expect(await read('a.txt')).toBe('new file a\n');
    expect(await read('b.txt')).toBe('edited b\n');
    const back = (await desk.handlers.getThread({ threadId: thread.id }))!;
    expect(back.messages.filter((m) => m.role === 'user').map((m) => (m as { text: string }).text)).toEqual([
      'first question nonce-keep',
      'FILES change them nonce-drop',
    ]);
    await turn(thread.id, 'and on the old branch');
    expect(lastRequestText()).toContain('nonce-drop');
  });

  it('Rewind and Edit & resend right after the answer shows done wait for its turn to close instead of refusing', async () => {
    await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
    const thread = await desk.handlers.createThread({ settings: { projectDir: project, useWorktree: false } });
    await turn(thread.id, 'first question');
    // At the turn's result — the window shows the answer done — while the turn still closes (it asks the CLI for
    // the context breakdown): the user's click lands there.
    const atResult = <T>(act: () => Promise<T>) =>
      new Promise<{ busy: boolean; outcome: Promise<T> }>((resolve) => {
        const off = desk.bus.subscribe((name, payload) => {
          const e = payload as TurnEvent;
          if (name !== 'turnEvent' || e.threadId !== thread.id || e.type !== 'result') return;
          off();
          resolve({ busy: desk.services.turns.isBusy(thread.id), outcome: act() });
        });
      });

    const rewinding = atResult(() => desk.handlers.rewindThread({ threadId: thread.id, messageId: 'm-files' }));
    await desk.handlers.sendMessage({ threadId: thread.id, messageId: 'm-files', text: 'FILES change them' });
    const rewind = await rewinding;
    expect(rewind.busy).toBe(true); // the click did land in the closing tail
    const out = await rewind.outcome;
    expect(out.restored.sort()).toEqual(['a.txt', 'b.txt']);
    expect(await read('b.txt')).toBe('original b\n');

    const resending = atResult(() =>
      desk.handlers.resendFrom({ threadId: thread.id, messageId: 'm-edit', text: 'third, edited' }),
    );
    await desk.handlers.sendMessage({ threadId: thread.id, messageId: 'm-edit', text: 'third question' });
    const resend = await resending;
    expect(resend.busy).toBe(true);
    const { turnId } = await resend.outcome;
    await expect
      .poll(() => events.find((e) => e.turnId === turnId && e.type === 'finished'), { timeout: 90_000 })
      .toMatchObject({ status: 'done' });
    await expect.poll(() => desk.services.turns.isBusy(thread.id), { timeout: 30_000 }).toBe(false);
    const saved = (await desk.handlers.getThread({ threadId: thread.id }))!;
    expect(saved.messages.filter((m) => m.role === 'user').map((m) => (m as { text: string }).text)).toEqual([
      'first question',
      'third, edited',
    ]);
  });

  it('a Bash change to a tracked file is restored from the snapshot; a file the user edited after the turn is a conflict and stays', async () => {
    await desk.handlers.updateSettings({ permissionMode: 'bypassPermissions' });
    try {
      const thread = await desk.handlers.createThread({ settings: { projectDir: project, useWorktree: false } });
      await fs.writeFile(path.join(project, 'mine.txt'), 'draft 1\n');
      const before = userGitState(project);
      await turn(thread.id, 'BASH[echo bash-changed > b.txt && echo claude > mine.txt]');
      expect(await read('b.txt')).toBe('bash-changed\n');
      await fs.writeFile(path.join(project, 'mine.txt'), 'the user kept writing\n'); // after the turn

      const saved = (await desk.handlers.getThread({ threadId: thread.id }))!;
      const preview = await desk.handlers.previewRewind({ threadId: thread.id, messageId: saved.messages[0]!.id });
      expect(preview.files.map((f) => [f.path, f.conflict]).sort()).toEqual([
        ['b.txt', false],
        ['mine.txt', true],
      ]);
      const out = await desk.handlers.rewindThread({ threadId: thread.id, messageId: saved.messages[0]!.id });
      expect(out).toMatchObject({ restored: ['b.txt'], kept: ['mine.txt'] });
      expect(await read('b.txt')).toBe('original b\n');
      expect(await read('mine.txt')).toBe('the user kept writing\n');
      await fs.writeFile(path.join(project, 'mine.txt'), 'draft 1\n');
      expect(userGitState(project)).toBe(before);
      // Rewound to the first message: the thread is empty and the next turn starts a fresh session.
      expect((await desk.handlers.getThread({ threadId: thread.id }))!.messages).toEqual([]);
    } finally {
      await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
    }
  });

  it("in a folder two threads share, a file another thread's turn changed last is listed as that thread's and kept", async () => {
    await desk.handlers.updateSettings({ permissionMode: 'bypassPermissions' });
    try {
      const mine = await desk.handlers.createThread({ settings: { projectDir: project, useWorktree: false } });
      const other = await desk.handlers.createThread({ settings: { projectDir: project, useWorktree: false } });
      await turn(mine.id, 'first question');
      // Between this thread's turns: the other thread creates c.txt (this thread's later snapshots hold it).
      await turn(other.id, 'BASH[echo from-other > c.txt]');
      await turn(mine.id, 'FILES change them');
      // After this thread's last turn: the other thread rewrites the a.txt this thread wrote.
      await turn(other.id, 'BASH[echo other-again > a.txt]');
      await desk.handlers.renameThread({ threadId: other.id, title: 'Other work' });

      const target = (await desk.handlers.getThread({ threadId: mine.id }))!.messages[0]!;
      const preview = await desk.handlers.previewRewind({ threadId: mine.id, messageId: target.id });
      expect(preview.files.map((f) => [f.path, f.conflict, f.otherThread?.title]).sort()).toEqual([
        ['a.txt', true, 'Other work'],
        ['b.txt', false, undefined],
        ['c.txt', true, 'Other work'],
      ]);
      expect(preview.files.find((f) => f.path === 'c.txt')?.otherThread?.id).toBe(other.id);

      const out = await desk.handlers.rewindThread({ threadId: mine.id, messageId: target.id });
      expect(out).toMatchObject({ restored: ['b.txt'], kept: ['a.txt', 'c.txt'] });
      expect(await read('b.txt')).toBe('original b\n');
      expect(await read('a.txt')).toBe('other-again\n');
      expect(await read('c.txt')).toBe('from-other\n');
    } finally {
      await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
    }
  });

  it('Code only restores the files and leaves the conversation; Conversation only leaves the files', async () => {
    await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
    const thread = await desk.handlers.createThread({ settings: { projectDir: project, useWorktree: false } });
    await turn(thread.id, 'first question');
    await turn(thread.id, 'FILES change them');
    const messageId = (await desk.handlers.getThread({ threadId: thread.id }))!.messages[2]!.id;

    const code = await desk.handlers.rewindThread({ threadId: thread.id, messageId, scope: 'code' });
    expect(code).toMatchObject({ scope: 'code', restored: ['a.txt', 'b.txt'] });
    expect(await read('b.txt')).toBe('original b\n');
    const kept = (await desk.handlers.getThread({ threadId: thread.id }))!;
    expect(kept.messages).toHaveLength(4);
    expect(kept.branches ?? []).toEqual([]);

    await fs.writeFile(path.join(project, 'b.txt'), 'edited b\n');
    const talk = await desk.handlers.rewindThread({ threadId: thread.id, messageId, scope: 'conversation' });
    expect(talk).toMatchObject({ scope: 'conversation', restored: [], kept: [], text: 'FILES change them' });
    expect(await read('b.txt')).toBe('edited b\n');
    const after = (await desk.handlers.getThread({ threadId: thread.id }))!;
    expect(after.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(after.branches?.[0]?.rewindId).toBeUndefined(); // no files moved: none to bring back with the branch
  });

  it("outside git, a Write and an Edit are undone by Claude Code's own checkpoints, Bash is named as out of reach, and the rewind can be undone", async () => {
    const plain = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-rewind-plain-')));
    const readHere = (f: string) => fs.readFile(path.join(plain, f), 'utf8').catch(() => undefined);
    await fs.writeFile(path.join(plain, 'b.txt'), 'original b\n');
    const thread = await desk.handlers.createThread({ settings: { projectDir: plain } });
    await turn(thread.id, 'first question', false);
    await turn(thread.id, 'FILES change them', false);
    expect(await readHere('a.txt')).toBe('new file a\n');

    const target = (await desk.handlers.getThread({ threadId: thread.id }))!.messages[2]!;
    const preview = await desk.handlers.previewRewind({ threadId: thread.id, messageId: target.id });
    expect(preview.source).toBe('cli');
    expect(preview.files.map((f) => [f.path, f.earlierUnknown]).sort()).toEqual([
      ['a.txt', true],
      ['b.txt', true],
    ]);
    expect(preview.limits.join(' ')).toMatch(/shell commands \(Bash\) or sub-agents cannot be undone/);

    const out = await desk.handlers.rewindThread({ threadId: thread.id, messageId: target.id });
    expect(out.restored.sort()).toEqual(['a.txt', 'b.txt']);
    expect(out.rewindId).toBeDefined();
    expect(await readHere('a.txt')).toBeUndefined();
    expect(await readHere('b.txt')).toBe('original b\n');

    // The files were kept aside before Claude Code restored them: switching back brings Claude's versions.
    const branchId = (await desk.handlers.getThread({ threadId: thread.id }))!.branches![0]!.id;
    const back = await desk.handlers.switchBranch({ threadId: thread.id, branchId });
    expect(back.restored.sort()).toEqual(['a.txt', 'b.txt']);
    expect(await readHere('a.txt')).toBe('new file a\n');
    expect(await readHere('b.txt')).toBe('edited b\n');
    await fs.rm(plain, { recursive: true, force: true });
  });

  it("in git, a file the snapshots ignore (.gitignore) is restored by Claude Code's checkpoints beside the tracked ones", async () => {
    await fs.writeFile(path.join(project, '.gitignore'), 'a.txt\n');
    git(project, 'add', '.gitignore');
    git(project, '-c', 'user.email=u@u', '-c', 'user.name=u', 'commit', '-qm', 'ignore a');
    const thread = await desk.handlers.createThread({ settings: { projectDir: project, useWorktree: false } });
    const before = userGitState(project);
    await turn(thread.id, 'FILES change them');
    expect(await read('a.txt')).toBe('new file a\n');

    const target = (await desk.handlers.getThread({ threadId: thread.id }))!.messages[0]!;
    const preview = await desk.handlers.previewRewind({ threadId: thread.id, messageId: target.id });
    expect(preview.source).toBe('git');
    expect(preview.files.map((f) => [f.path, !!f.earlierUnknown])).toEqual([
      ['b.txt', false],
      ['a.txt', true],
    ]);
    const out = await desk.handlers.rewindThread({ threadId: thread.id, messageId: target.id });
    expect(out.restored).toEqual(['b.txt', 'a.txt']);
    expect(await read('a.txt')).toBeUndefined();
    expect(await read('b.txt')).toBe('original b\n');
    expect(userGitState(project)).toBe(before);
  });
});
