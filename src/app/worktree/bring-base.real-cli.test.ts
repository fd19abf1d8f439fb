import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../../test/fixtures/real-cli';
import { changesResponder, RESOLVED_NOTES } from '../../../test/fixtures/changes-scenarios';
import { cwdOf } from '../../../test/fixtures/mock-scenarios';
import { fingerprint, git, makeRepo } from '../../../test/fixtures/scratch-worktrees';
import type { TurnEvent } from '../../shared/turn-events';
import type { BringHow } from '../../shared/worktree-changes';
import { createDeskApp, type DeskApp } from '../desk-app';

/**
 * Issue 44 point 2 with the real CLI against the mock, in Accept edits (no shell): two threads of one project wrote
 * notes.md differently; the first merged; the second's merge conflicts, changing nothing; "Bring main into this
 * thread" (merge, then a rebase in a third thread) stops on notes.md; Claude is handed only that file, edits it with
 * Read and Write; its turn's end makes Claude Desk check it and complete the merge commit (or continue the rebase);
 * the thread then merges into main with both sides' lines.
 */
describe('bringing the base in, conflicts resolved by Claude in Accept edits (real CLI, mock API)', () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  let desk: DeskApp;
  let root: string;
  let repo: string;
  const events: TurnEvent[] = [];
  const notices: string[] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    mock.setResponder(changesResponder());
    cli = realCliEnv(mock);
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-bring-')));
    fs.mkdirSync(path.join(root, 'repo'));
    repo = makeRepo(path.join(root, 'repo'));
    desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: path.join(root, 'data') },
    });
    desk.bus.subscribe((name, payload) => {
      if (name === 'turnEvent') events.push(payload as TurnEvent);
      if (name === 'notice') notices.push((payload as { message: string }).message);
    });
    await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
  });
  afterAll(async () => {
    await desk?.shutdown();
    await mock?.close();
    cli?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const send = async (threadId: string, text: string, status = 'done') => {
    const { turnId } = await desk.handlers.sendMessage({ threadId, text });
    await expect
      .poll(() => events.some((e) => e.turnId === turnId && e.type === 'finished'), { timeout: 90_000 })
      .toBe(true);
    expect(events.find((e) => e.turnId === turnId && e.type === 'finished')).toMatchObject({ status });
    await desk.services.turns.settled(threadId); // its end (lock, snapshot) is over: a land may run
    return events.filter((e) => e.turnId === turnId);
  };
  const thread = async (title: string, notes: string) => {
    const t = await desk.handlers.createThread({ title, settings: { projectDir: repo } });
    await send(t.id, `NOTES[${notes}]`);
    return t.id;
  };

  it('merges the first thread, then brings main into the others, Claude resolving notes.md by editing it alone', async () => {
    const first = await thread('First notes', 'first thread’s notes');
    const merged = await thread('Second notes', 'second thread’s notes');
    const rebased = await thread('Third notes', 'third thread’s notes');
    expect(await desk.handlers.landThread({ threadId: first, action: 'merge' })).toMatchObject({ ok: true });

    for (const [threadId, how] of [
      [merged, 'merge'],
      [rebased, 'rebase'],
    ] as [string, BringHow][]) {
      const wt = desk.services.threads.summary(threadId)!.settings.worktree!;
      const userBefore = fingerprint(repo);
      const refused = await desk.handlers.landThread({ threadId, action: 'merge' });
      expect(refused).toMatchObject({ ok: false, reason: 'conflict', files: ['notes.md'] });
      expect(git(wt.path, 'rev-list', '--count', 'main..HEAD').trim()).toBe('0'); // nothing was committed
      const stopped = await desk.handlers.bringBase({ threadId, how });
      expect(stopped).toMatchObject({ ok: true, done: false, how, files: ['notes.md'] });
      const changes = await desk.handlers.getChanges({ threadId });
      expect(changes?.unfinished).toMatchObject({ operation: how, conflicted: ['notes.md'] });
      expect(changes?.changes.find((c) => c.path === 'notes.md')).toMatchObject({ conflicted: true });
      expect(changes?.bringHow).toBe(how); // remembered for the project
      expect(await desk.handlers.landThread({ threadId, action: 'merge' })).toMatchObject({ reason: 'unfinished' });

      const { prompt, files } = await desk.handlers.resolveBring({ threadId, by: 'claude' });
      expect(files).toEqual(['notes.md']);
      expect(prompt).toMatch(/Do not run git/);
      const noticed = notices.length;
      await send(threadId, prompt!);
      // Claude's turn used the file tools only, each allowed in Accept edits.
      const mine = events.filter((e) => e.threadId === threadId);
      const tools = mine.flatMap((e) => (e.type === 'tool_call' ? [e.name] : []));
      expect(tools.slice(-2)).toEqual(['Read', 'Write']);
      expect(mine.filter((e) => e.type === 'tool_result').slice(-2)).toMatchObject([
        { isError: false },
        { isError: false },
      ]);
      // Its end made Claude Desk check notes.md and complete the merge (or the rebase).
      await expect.poll(() => notices.slice(noticed).join(' '), { timeout: 30_000 }).toMatch(/^(Brought|Rebased)/);
      expect(git(wt.path, 'status', '--porcelain')).toBe('');
      expect(git(wt.path, 'show', 'HEAD:notes.md')).toBe(RESOLVED_NOTES);
      const parents = git(wt.path, 'log', '-1', '--format=%P').trim().split(' ');
      expect(parents).toHaveLength(how === 'merge' ? 2 : 1);
      expect(fingerprint(repo)).toBe(userBefore); // main untouched until the merge itself
      const landed = await desk.handlers.landThread({ threadId, action: 'merge' });
      expect(landed).toMatchObject({ ok: true, message: expect.stringContaining('fast-forward') });
      expect(git(repo, 'show', 'main:notes.md')).toBe(RESOLVED_NOTES);
      // For the next thread to conflict alike, main's notes.md goes back to the first thread's (a commit of the user's).
      fs.writeFileSync(path.join(repo, 'notes.md'), 'first thread’s notes\n');
      git(repo, 'commit', '-qam', 'Back to the first notes');
    }
  });

  it('after Discard a thread asks before its next turn (Claude Code never starts, not in the checkout), then goes on in a new worktree', async () => {
    const t = await desk.handlers.createThread({ title: 'Gone then back', settings: { projectDir: repo } });
    await send(t.id, 'NOTES[gone then back]');
    const first = desk.services.threads.summary(t.id)!.settings.worktree!;
    const discarded = await desk.handlers.landThread({ threadId: t.id, action: 'discard', force: true });
    expect(discarded, discarded.message).toMatchObject({ ok: true });
    const asked = mock.requests.length;
    const refused = await send(t.id, 'NOTES[where does this go?]', 'failed');
    expect(JSON.stringify(refused)).toMatch(/Claude was not started\. This thread’s worktree was discarded/);
    expect(mock.requests.length).toBe(asked); // Claude Code never ran: not in the user's checkout, not anywhere
    expect(fs.existsSync(path.join(repo, 'notes.md'))).toBe(git(repo, 'ls-files', 'notes.md').trim() !== '');
    expect(await desk.handlers.getWorktreeStatus({ threadId: t.id })).toMatchObject({ gone: true, why: 'discarded' });
    expect(await desk.handlers.continueWithoutWorktree({ threadId: t.id, choice: 'new' })).toEqual({ gone: false });
    await send(t.id, 'NOTES[in a new worktree]');
    const now = desk.services.threads.summary(t.id)!.settings.worktree!;
    // The discarded name is free again: a fresh worktree on a fresh branch from main, where the turn ran.
    expect(now).toMatchObject({ state: 'ready', base: 'main', name: first.name });
    expect(cwdOf(mock.requests.at(-1)!)).toBe(now.path);
    expect(fs.readFileSync(path.join(now.path, 'notes.md'), 'utf8')).toBe('in a new worktree\n');
  });
});
