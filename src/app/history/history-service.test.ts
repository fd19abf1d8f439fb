import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { threadsStoreHarness, textOf } from '../../../test/fixtures/threads-store-harness';
import { syntheticSession } from '../../../test/fixtures/synthetic-sessions';
import { HistoryIndex } from '../../core/history/history-index';
import { SessionCostsStore } from '../../core/store/session-costs-store';
import { SessionsStore } from '../../core/store/sessions-store';
import type { HistorySession } from '../../shared/history';
import { groupBranches, HistoryService } from './history-service';

// Continue here: a Claude Code session becomes a thread holding all of it, and the thread's totals keep the
// session's cost before continuing apart from what the thread spends since.
const LONG = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

let root: string;
let project: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-history-service-'));
  project = path.join(root, 'beta-site');
  fs.mkdirSync(project);
  const dir = path.join(root, 'cli', 'projects', project.replace(/[^A-Za-z0-9]/g, '-'));
  fs.mkdirSync(dir, { recursive: true });
  // 40 turns: 80 messages, as the History counts them.
  fs.writeFileSync(path.join(dir, `${LONG}.jsonl`), syntheticSession({ sessionId: LONG, cwd: project, turns: 40 }));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function service() {
  const index = await HistoryIndex.open({
    stateDir: path.join(root, 'state'),
    projectsDir: path.join(root, 'cli', 'projects'),
    saveDelayMs: 0,
  });
  await index.refreshAll();
  const threads = await threadsStoreHarness(path.join(root, 'state', 'threads')).open();
  const sessions = new SessionsStore(path.join(root, 'state', 'sessions.json'));
  const sessionCosts = new SessionCostsStore(path.join(root, 'state', 'session-costs.json'));
  const history = new HistoryService({ index, sessions, threads, sessionCosts, projectDir: async (dir) => dir });
  return { index, threads, sessions, sessionCosts, history };
}

describe('HistoryService.continueSession', () => {
  it('brings every message of an 80-message session into the thread, its first prompt first', async () => {
    const { index, threads, history } = await service();
    expect(index.get(LONG)?.messages).toBe(80);
    const { threadId, created } = await history.continueSession(LONG);
    expect(created).toBe(true);
    const thread = await threads.get(threadId);
    expect(thread?.messages).toHaveLength(80);
    expect(textOf(thread?.messages[0])).toBe('Question 1');
    expect(textOf(thread?.messages.at(-1))).toContain('Answer 40');
  });

  it("keeps the session's cost before continuing apart from the thread's own, and counts the next turn from it", async () => {
    const { threads, sessions, sessionCosts, history } = await service();
    const { threadId } = await history.continueSession(LONG);
    const summary = threads.summary(threadId)!;
    // 40 turns of the synthetic session's 0.0123 each, from its last cost-state line.
    expect(summary.totals.costBeforeUsd).toBeCloseTo(0.492);
    expect(summary.totals).toMatchObject({ costUsd: 0, turns: 0 });
    // The next turn's own cost is the CLI's running total less this (turn-costs.ts).
    expect(await sessionCosts.lastCost(LONG)).toBeCloseTo(0.492);
    expect(await sessions.get(threadId)).toBe(LONG);
    // A turn here adds to the thread's own totals; the cost before stays as it was.
    const after = await threads.addTotals(threadId, {
      isError: false,
      subtype: 'success',
      costUsd: 0.02,
      durationMs: 100,
      numTurns: 1,
      usage: { inputTokens: 10, outputTokens: 5 },
    });
    expect(after).toMatchObject({ costUsd: 0.02, turns: 1 });
    expect(after.costBeforeUsd).toBeCloseTo(0.492);
  });

  it('keeps the cost before continuing across a restart of the store', async () => {
    const { history } = await service();
    const { threadId } = await history.continueSession(LONG);
    const reopened = await threadsStoreHarness(path.join(root, 'state', 'threads')).open();
    expect(reopened.summary(threadId)?.totals.costBeforeUsd).toBeCloseTo(0.492);
  });
});

describe('History rows of forked threads', () => {
  it('lists a continued thread whose earlier branch lives in another session as one row of 2 branches', async () => {
    const EARLIER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const dir = path.join(root, 'cli', 'projects', project.replace(/[^A-Za-z0-9]/g, '-'));
    fs.writeFileSync(
      path.join(dir, `${EARLIER}.jsonl`),
      syntheticSession({ sessionId: EARLIER, cwd: project, turns: 2 }),
    );
    const { index, threads, history } = await service();
    await index.refreshAll();
    const { threadId } = await history.continueSession(LONG);
    // The thread's conversation set aside as a branch whose session is EARLIER (as a fork leaves it).
    const { messages } = (await threads.get(threadId))!;
    await threads.rewind(threadId, {
      id: 'b1',
      kind: 'regenerate',
      fromMessageId: messages[0]!.id,
      createdAt: 1,
      messages,
      sessionId: EARLIER,
    });
    const rows = await history.list();
    expect(rows.map((r) => [r.id, r.threadId === threadId, r.branches])).toEqual([[LONG, true, 2]]);
  });

  const session = (id: string, lastAt: number, threadId?: string): HistorySession => ({
    id,
    project: '/p',
    title: 'Plan the parser',
    titleSource: 'prompt',
    firstAt: 1,
    lastAt,
    messages: 2,
    bytes: 1,
    source: 'file',
    pinned: false,
    ...(threadId ? { threadId } : {}),
  });

  it("a thread's sessions forked by Regenerate / Edit & resend / Rewind are one row, its latest, saying how many", () => {
    const rows = groupBranches([
      session('s1', 10, 't'),
      session('s3', 30, 't'),
      session('s2', 20, 't'),
      session('solo', 15),
      session('other', 5, 'u'),
    ]);
    expect(rows.map((r) => [r.id, r.branches])).toEqual([
      ['s3', 3],
      ['solo', undefined],
      ['other', undefined],
    ]);
  });
});

describe("History: a repository's worktrees under the repository, and one piece of work once", () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=u@u', '-c', 'user.name=u', ...args], { cwd, encoding: 'utf8' });
  const sessionIn = (id: string, cwd: string) => {
    const dir = path.join(root, 'cli', 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${id}.jsonl`), syntheticSession({ sessionId: id, cwd, turns: 1 }));
  };

  it("sessions in linked worktrees (Claude Code's, one elsewhere, one removed since) name the repository and their branch", async () => {
    const repo = fs.realpathSync(project);
    git(repo, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(repo, 'a.txt'), 'a\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'first');
    const claudeWt = path.join(repo, '.claude', 'worktrees', 'parser');
    git(repo, 'worktree', 'add', '-q', '-b', 'worktree-parser', claudeWt);
    const elsewhere = path.join(root, 'beta-site-topic');
    git(repo, 'worktree', 'add', '-q', '-b', 'topic', elsewhere);
    fs.mkdirSync(path.join(elsewhere, 'src'));
    const gone = path.join(repo, '.claude', 'worktrees', 'old-idea');
    const ids = {
      parser: '11111111-1111-4111-8111-111111111111',
      topic: '22222222-2222-4222-8222-222222222222',
      sub: '33333333-3333-4333-8333-333333333333',
      gone: '44444444-4444-4444-8444-444444444444',
    };
    sessionIn(ids.parser, claudeWt);
    sessionIn(ids.topic, elsewhere);
    sessionIn(ids.sub, path.join(elsewhere, 'src'));
    sessionIn(ids.gone, gone);
    const { history } = await service();
    const rows = new Map((await history.list()).map((s) => [s.id, s]));
    expect(rows.get(LONG)).not.toHaveProperty('repo'); // the repository's own checkout: as before
    expect(rows.get(ids.parser)).toMatchObject({ project: claudeWt, repo, branch: 'worktree-parser' });
    expect(rows.get(ids.topic)).toMatchObject({ project: elsewhere, repo, branch: 'topic' });
    expect(rows.get(ids.sub)).toMatchObject({ repo, branch: 'topic' });
    expect(rows.get(ids.gone)).toMatchObject({ project: gone, repo, branch: 'worktree-old-idea' });
  });

  it('a session continued in a thread is found once: as the thread', async () => {
    const { history } = await service();
    const { threadId } = await history.continueSession(LONG);
    const hits = await history.search('Question 12');
    expect(hits.map((h) => (h.kind === 'thread' ? ['thread', h.thread.id] : ['session', h.session.id]))).toEqual([
      ['thread', threadId],
    ]);
  });
});
