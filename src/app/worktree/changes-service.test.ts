import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../event-bus';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { threadsStoreHarness } from '../../../test/fixtures/threads-store-harness';
import { addWorktree, git, makeRepo, write } from '../../../test/fixtures/scratch-worktrees';
import { standInGh } from '../../../test/fixtures/stand-in-gh';
import type { TurnEvent } from '../../shared/turn-events';
import type { RunningSessions } from '../../shared/worktree-changes';
import { wireChanges } from './changes-wiring';

const temp = useTempDirs('changes-service');

async function setUp(busy = false, running?: () => Promise<RunningSessions>) {
  const store = temp.track(await threadsStoreHarness(await temp.make()).open());
  const repo = makeRepo(await temp.make());
  const wt = addWorktree(repo, 'notes');
  const thread = await store.create({ title: 'Write the notes' });
  await store.updateSettings(thread.id, { projectDir: repo, worktree: wt });
  const bus = new EventBus();
  const pushed: string[] = [];
  bus.on('changesChanged', (e) => pushed.push(e.threadId));
  const later: (() => void)[] = [];
  const ended: string[] = [];
  const turns = { isBusy: () => busy, discardIdle: (id: string) => void ended.push(id) };
  const wiring = wireChanges({ bus }, store, turns, { schedule: (run) => later.push(run), runningSessions: running });
  return { store, repo, wt, thread, bus, pushed, later, ended, ...wiring };
}

describe('the Changes service', () => {
  it('lists a worktree thread’s changes and counts, and null for a thread without a worktree', async () => {
    const { store, wt, thread, service, handlers } = await setUp();
    write(wt.path, 'notes.md', 'one\ntwo\n');
    expect(await service.counts(thread.id)).toEqual({ files: 1, added: 2, removed: 0 });
    const changes = await handlers.getChanges({ threadId: thread.id });
    expect(changes).toMatchObject({ branch: 'worktree-notes', base: 'main', files: 1, ahead: 0 });
    const diff = await handlers.getChangeDiff({ threadId: thread.id, path: 'notes.md' });
    expect(diff).toMatchObject({ before: null, after: 'one\ntwo\n' });
    const plain = await store.create({});
    expect(await service.counts(plain.id)).toBeNull();
    expect(await handlers.getChanges({ threadId: plain.id })).toBeNull();
  });

  it('merges with the drafted message and records the landed state in the thread', async () => {
    const { store, repo, wt, thread, handlers, pushed } = await setUp();
    write(wt.path, 'notes.md', 'x\n');
    expect(await handlers.draftCommitMessage({ threadId: thread.id })).toBe('Write the notes');
    const done = await handlers.landThread({ threadId: thread.id, action: 'merge' });
    expect(done).toMatchObject({ ok: true, action: 'merge' });
    expect(git(repo, 'log', '-1', '--format=%s', 'main').trim()).toBe('Write the notes');
    expect(store.summary(thread.id)?.settings.worktree?.state).toBe('merged');
    expect(pushed).toEqual([thread.id]);
  });

  it('refuses to land while Claude works in the thread', async () => {
    const { thread, handlers } = await setUp(true);
    expect(await handlers.landThread({ threadId: thread.id, action: 'discard', force: true })).toMatchObject({
      ok: false,
      reason: 'busy',
    });
  });

  it('discard is refused with an uncommitted change until forced, then the thread says discarded', async () => {
    const { store, wt, thread, handlers, ended } = await setUp();
    write(wt.path, 'notes.md', 'x\n');
    expect(await handlers.landThread({ threadId: thread.id, action: 'discard' })).toMatchObject({
      ok: false,
      reason: 'needs-confirmation',
    });
    expect(store.summary(thread.id)?.settings.worktree?.state).toBe('ready');
    expect(await handlers.landThread({ threadId: thread.id, action: 'discard', force: true })).toMatchObject({
      ok: true,
    });
    expect(store.summary(thread.id)?.settings.worktree?.state).toBe('discarded');
    expect(ended).toEqual([thread.id]); // its kept CLI, which ran in the removed folder, is ended
    expect(await handlers.getChanges({ threadId: thread.id })).toBeNull();
  });

  it('discard waits for a Claude Code session working in the worktree, unless asked to go on despite it', async () => {
    let asked = 0;
    const { store, wt, thread, handlers } = await setUp(false, async () => {
      asked++;
      return { ok: true, sessions: [{ cwd: wt.path, kind: 'background', name: 'Fix the tests', id: 'c4d0950c' }] };
    });
    const refused = await handlers.landThread({ threadId: thread.id, action: 'discard', force: true });
    expect(refused).toMatchObject({
      ok: false,
      reason: 'live-session',
      sessions: [expect.stringContaining('c4d0950c')],
    });
    expect(fs.existsSync(wt.path)).toBe(true);
    expect(store.summary(thread.id)?.settings.worktree?.state).toBe('ready');
    // Merging does not remove the folder: no session is asked about.
    await handlers.landThread({ threadId: thread.id, action: 'keep' });
    expect(asked).toBe(1);
    const done = await handlers.landThread({
      threadId: thread.id,
      action: 'discard',
      force: true,
      despiteSessions: true,
    });
    expect(done).toMatchObject({ ok: true });
    expect(fs.existsSync(wt.path)).toBe(false);
  });

  it('looks for gh on the PATH Claude Code gets (the user’s bin folders), not only the app’s own', async () => {
    const store = temp.track(await threadsStoreHarness(await temp.make()).open());
    const repo = makeRepo(await temp.make());
    git(repo, 'remote', 'add', 'origin', 'git@github.com:ada/project.git');
    const wt = addWorktree(repo, 'notes');
    const thread = await store.create({ title: 'Review' });
    await store.updateSettings(thread.id, { projectDir: repo, worktree: wt });
    const gh = standInGh(await temp.make());
    const turns = { isBusy: () => false };
    const onlyApp = wireChanges({ bus: new EventBus() }, store, turns);
    expect(await onlyApp.handlers.getPullRequestReadiness({ threadId: thread.id })).toMatchObject({ missing: 'gh' });
    const cli = { childPathEnv: (base = '') => `${gh.dir}:${base}` };
    const withCli = wireChanges({ bus: new EventBus(), cli }, store, turns);
    expect(await withCli.handlers.getPullRequestReadiness({ threadId: thread.id })).toEqual({
      ready: true,
      remote: 'origin',
    });
  });

  it('pushes changesChanged once per burst of tool results of a worktree thread, and nothing for others', async () => {
    const { store, thread, bus, pushed, later } = await setUp();
    const plain = await store.create({});
    const event = (threadId: string, type: 'tool_result' | 'text'): TurnEvent =>
      (type === 'text'
        ? { threadId, turnId: 't', type, messageId: 'm', text: 'hi' }
        : { threadId, turnId: 't', type, toolUseId: 'u', isError: false, content: '' }) as TurnEvent;
    bus.emit('turnEvent', event(thread.id, 'text'));
    expect(later).toHaveLength(0); // no timer while nothing could have written
    bus.emit('turnEvent', event(thread.id, 'tool_result'));
    bus.emit('turnEvent', event(thread.id, 'tool_result'));
    bus.emit('turnEvent', event(plain.id, 'tool_result'));
    expect(later).toHaveLength(1);
    later.shift()?.();
    expect(pushed).toEqual([thread.id]);
    bus.emit('turnEvent', event(thread.id, 'tool_result'));
    expect(later).toHaveLength(1);
  });
});
