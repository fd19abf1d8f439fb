import { describe, expect, it } from 'vitest';
import { TurnPhases } from '../../core/turn/turn-phases';
import type { AssistantMessage, ThreadSummary } from '../../shared/threads';
import type { ChangeCounts, ThreadWorktree } from '../../shared/worktree';
import { BoardService } from './board-service';

const worktree = (name: string, state: ThreadWorktree['state'] = 'ready'): ThreadWorktree => ({
  name,
  repo: '/repo',
  path: `/repo/.claude/worktrees/${name}`,
  branch: `worktree-${name}`,
  base: 'main',
  state,
});

function thread(id: string, over: Partial<ThreadSummary['settings']> = {}, costUsd = 0): ThreadSummary {
  return {
    id,
    title: id,
    createdAt: 0,
    updatedAt: 5,
    settings: { projectDir: '/repo', ...over },
    totals: { costUsd, inputTokens: 0, outputTokens: 0, durationMs: 0, turns: 0 },
  };
}

/** A board's plain dependencies: no turn running, the threads and their counts as given. */
function boardDeps(threads: ThreadSummary[], counts: Record<string, ChangeCounts>) {
  return {
    threads: { list: async () => threads },
    live: () => [],
    liveMessages: () => [],
    waitingThreadIds: () => [],
    runningCount: () => 0,
    cap: 4,
    counts: async (threadId: string) => counts[threadId] ?? null,
  };
}

/** A board over real turn phases, a clock the test moves, fake answers and counts. */
function harness(threads: ThreadSummary[], counts: Record<string, ChangeCounts> = {}, elsewhere: string[] = []) {
  let now = 1_000;
  const phases = new TurnPhases({ now: () => now });
  const messages = new Map<string, AssistantMessage>();
  const waiting = new Set<string>();
  let running = 0;
  const counted: string[] = [];
  const board = new BoardService({
    threads: { list: async () => threads },
    live: () => phases.live(),
    liveMessages: (threadId) => [...messages.values()].filter((m) => m.id.startsWith(threadId)),
    waitingThreadIds: () => [...waiting],
    runningCount: () => running,
    cap: 4,
    counts: async (threadId) => {
      counted.push(threadId);
      return counts[threadId] ?? null;
    },
    elsewhere: async () => elsewhere.map((threadId) => ({ threadId })),
    now: () => now,
  });
  phases.subscribe((c) => board.phaseChanged(c));
  const answer = (turnId: string, parts: AssistantMessage['parts']) =>
    messages.set(turnId, { id: turnId, role: 'assistant', createdAt: now, status: 'running', parts });
  const answerWith = (turnId: string, more: Partial<AssistantMessage>) =>
    messages.set(turnId, { ...messages.get(turnId)!, ...more } as AssistantMessage);
  return {
    phases,
    board,
    answer,
    answerWith,
    waiting,
    counted,
    setRunning: (n: number) => (running = n),
    tick: (ms: number) => (now += ms),
    statuses: async () => (await board.state()).rows.map((r) => [r.threadId, r.status, r.since]),
  };
}

describe('BoardService', () => {
  it('shows a working thread from when its turn left the queue, with its latest tool call and its cost', async () => {
    const h = harness([thread('a', {}, 0.25), thread('idle')]);
    h.phases.begin('a', 'a-1');
    h.tick(2_000);
    h.phases.advance('a-1', 'preparing');
    h.phases.advance('a-1', 'running');
    h.answer('a-1', [{ kind: 'tool', toolUseId: 'u', name: 'Write', input: { file_path: '/repo/notes.md' } }]);
    const [row, ...rest] = (await h.board.state()).rows;
    expect(rest).toEqual([]); // an idle thread with nothing to land is not on the board
    expect(row).toMatchObject({ threadId: 'a', status: 'working', since: 3_000, activity: 'Write /repo/notes.md' });
    expect(row!.costUsd).toBe(0.25);
  });

  it('puts a thread whose card waits for the user first, from when the card opened', async () => {
    const h = harness([thread('a'), thread('b')]);
    h.phases.begin('a', 'a-1');
    h.phases.advance('a-1', 'preparing');
    h.tick(1_000);
    h.phases.begin('b', 'b-1');
    h.phases.advance('b-1', 'preparing');
    h.tick(4_000);
    h.waiting.add('b');
    h.board.turnEvent({
      type: 'approval_request',
      threadId: 'b',
      turnId: 'b-1',
      request: { requestId: 'r', toolName: 'Bash', input: { command: 'ls' }, suggestions: [] },
    });
    expect(await h.statuses()).toEqual([
      ['b', 'needs-you', 6_000],
      ['a', 'working', 1_000],
    ]);
  });

  it('says how many run under the cap while a turn is queued', async () => {
    const h = harness([thread('q')]);
    h.setRunning(4);
    h.phases.begin('q', 'q-1');
    const [row] = (await h.board.state()).rows;
    expect(row).toMatchObject({ status: 'queued', running: 4 });
  });

  it('keeps a failed turn on the board with its error, until the thread runs again', async () => {
    const h = harness([thread('f')]);
    h.phases.begin('f', 'f-1');
    h.phases.advance('f-1', 'preparing');
    h.answer('f-1', []);
    h.tick(500);
    h.phases.close('f-1', 'failed');
    h.phases.end('f-1');
    // the answer's error came with the turn's events; here it is read from the live answer as it closes
    expect((await h.board.state()).rows[0]).toMatchObject({ status: 'failed', since: 1_500 });
    h.phases.begin('f', 'f-2');
    expect((await h.statuses())[0]).toEqual(['f', 'queued', 1_500]);
  });

  it('shows a worktree with changes not landed as finished, with +/−; a landed one or one without changes not', async () => {
    const h = harness(
      [
        thread('done', { worktree: worktree('done') }),
        thread('merged', { worktree: worktree('merged', 'merged') }),
        thread('clean', { worktree: worktree('clean') }),
        thread('not-made', { worktree: worktree('not-made', 'pending') }),
      ],
      {
        done: { files: 1, added: 3, removed: 1 },
        merged: { files: 2, added: 1, removed: 1 },
        clean: { files: 0, added: 0, removed: 0 },
      },
    );
    const { rows } = await h.board.state();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      threadId: 'done',
      status: 'finished',
      project: '/repo',
      branch: 'worktree-done',
      base: 'main',
      worktreePath: '/repo/.claude/worktrees/done',
      changes: { files: 1, added: 3, removed: 1 },
    });
    expect(h.counted).not.toContain('merged'); // a landed worktree is not counted at all
  });

  it("shows a turn another Claude Desk runs on this data dir as working, from the thread's last change", async () => {
    const h = harness([thread('other'), thread('mine')], {}, ['other']);
    h.phases.begin('mine', 'mine-1');
    const rows = (await h.board.state()).rows;
    expect(rows.find((r) => r.threadId === 'other')).toMatchObject({
      status: 'working',
      since: 5,
      activity: 'Running in another Claude Desk',
      elsewhere: true, // its Stop is that window's
    });
    expect(rows.find((r) => r.threadId === 'mine')?.status).toBe('queued');
  });

  it('keeps a worktree on the board when its changes cannot be counted', async () => {
    const h = harness([thread('unread', { worktree: worktree('unread') })]);
    expect((await h.board.state()).rows[0]).toMatchObject({ status: 'finished', changes: null });
  });

  it('counts a thread once until its files may have changed', async () => {
    const h = harness([thread('w', { worktree: worktree('w') })], { w: { files: 1, added: 1, removed: 0 } });
    await h.board.state();
    await h.board.state();
    expect(h.counted).toEqual(['w']);
    h.board.turnEvent({ type: 'tool_result', threadId: 'w', turnId: 't', toolUseId: 'u', content: '' } as never);
    await h.board.state();
    expect(h.counted).toEqual(['w', 'w']);
  });
});

describe('BoardService: the same moment as the thread and the sidebar', () => {
  it('a turn that sent its end is over on the board at once, while its last saves still run', async () => {
    const h = harness([thread('f'), thread('d')]);
    for (const [id, outcome] of [
      ['f', 'failed'],
      ['d', 'done'],
    ] as const) {
      h.phases.begin(id, `${id}-1`);
      h.phases.advance(`${id}-1`, 'preparing');
      h.answer(`${id}-1`, []);
      h.phases.close(`${id}-1`, outcome); // closing: `finished` went out; the snapshot and saves are still to come
    }
    expect(await h.statuses()).toEqual([['f', 'failed', 1_000]]);
    h.phases.begin('d', 'd-2'); // a next turn queued behind the closing one
    expect((await h.statuses()).map(([id, status]) => [id, status])).toEqual([
      ['d', 'queued'],
      ['f', 'failed'],
    ]);
  });
});

describe('BoardService: acting on rows', () => {
  it('a row that needs the user carries the card its turn waits on, and the call it is about', async () => {
    const h = harness([thread('b')]);
    h.phases.begin('b', 'b-1');
    h.phases.advance('b-1', 'preparing');
    h.phases.advance('b-1', 'running');
    const request = { requestId: 'r', toolUseId: 'u1', toolName: 'Bash', input: { command: 'ls' }, suggestions: [] };
    h.answer('b-1', [{ kind: 'tool', toolUseId: 'u1', name: 'Bash', input: { command: 'ls' } }]);
    expect((await h.board.state()).rows[0]?.pending).toBeUndefined(); // not waiting yet
    h.waiting.add('b');
    h.answerWith('b-1', { approvals: [{ request }] });
    const [row] = (await h.board.state()).rows;
    expect(row).toMatchObject({
      status: 'needs-you',
      pending: { turnId: 'b-1', card: { request }, toolInput: { command: 'ls' } },
    });
  });

  it('a dismissed failed row leaves the board until the thread fails again or runs; a working row cannot be dismissed', async () => {
    const h = harness([thread('f'), thread('w')]);
    const fail = (turnId: string) => {
      h.phases.begin('f', turnId);
      h.phases.advance(turnId, 'preparing');
      h.answer(turnId, []);
      h.tick(500);
      h.phases.close(turnId, 'failed');
      h.phases.end(turnId);
    };
    fail('f-1');
    h.phases.begin('w', 'w-1');
    expect(await h.board.dismiss('w')).toBe(false);
    expect(await h.board.dismiss('f')).toBe(true);
    expect((await h.statuses()).map(([id]) => id)).toEqual(['w']);
    h.tick(60_000);
    expect((await h.statuses()).map(([id]) => id)).toEqual(['w']); // still gone a minute later
    fail('f-2');
    expect((await h.statuses()).map(([id, status]) => [id, status])).toEqual([
      ['w', 'queued'],
      ['f', 'failed'],
    ]);
  });

  it('a dismissal is kept across a restart (where the host keeps them)', async () => {
    let kept: Record<string, string> = {};
    const dismissals = { load: async () => kept, save: async (d: Record<string, string>) => void (kept = { ...d }) };
    const threads = [thread('done', { worktree: worktree('done') }), thread('other', { worktree: worktree('other') })];
    const counts = { done: { files: 1, added: 3, removed: 0 }, other: { files: 2, added: 1, removed: 1 } };
    const before = new BoardService({ ...boardDeps(threads, counts), dismissals });
    expect(await before.dismiss('done')).toBe(true);
    expect(kept).toEqual({ done: 'finished@5' });
    const after = new BoardService({ ...boardDeps(threads, counts), dismissals });
    expect((await after.state()).rows.map((r) => r.threadId)).toEqual(['other']);
  });

  it('a dismissed finished worktree row stays off until a turn leaves it with something new', async () => {
    const h = harness([thread('done', { worktree: worktree('done') })], { done: { files: 1, added: 3, removed: 0 } });
    expect((await h.statuses()).map(([id, status]) => [id, status])).toEqual([['done', 'finished']]);
    expect(await h.board.dismiss('done')).toBe(true);
    expect(await h.statuses()).toEqual([]);
    h.phases.begin('done', 'done-1');
    h.phases.advance('done-1', 'preparing');
    h.answer('done-1', []);
    h.phases.close('done-1', 'done');
    h.phases.end('done-1');
    expect((await h.statuses()).map(([id, status]) => [id, status])).toEqual([['done', 'finished']]);
  });
});
