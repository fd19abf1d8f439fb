import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../../test/fixtures/real-cli';
import { git, scratchRepo } from '../../../test/fixtures/scratch-repo';
import type { TurnEvent } from '../../shared/turn-events';
import { createDeskApp, type DeskApp } from '../desk-app';

/**
 * 20 threads × 2 turns in one git project (real CLI, mock API), landed the ways a user lands them: question-only
 * threads (some in their own worktree, some in the folder itself), editing threads merged, kept as branches or
 * discarded, then "Tidy up" of what the merges left. At the end git holds only what the user chose to keep: the
 * main checkout's worktree, `main` with the merged work, the kept branches — no archived worktree, no leftover
 * branch, no snapshot commit or ref (rewind's snapshots live in a side store).
 */
describe('20 threads × 2 turns in one git project (real CLI, mock API)', () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  let desk: DeskApp;
  let root: string;
  let repo: string;
  const events: TurnEvent[] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock);
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-twenty-')));
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
      .poll(() => events.some((e) => e.turnId === turnId && e.type === 'finished'), { timeout: 240_000 })
      .toBe(true);
    return events.find((e) => e.turnId === turnId && e.type === 'finished');
  };
  const write = (file: string, content: string) =>
    `SCENARIO:steps [{"name":"Write","input":{"file_path":"$CWD/${file}","content":"${content}\\n"}}]`;
  const turn = async (threadId: string, text: string) => {
    const { turnId } = await desk.handlers.sendMessage({ threadId, text });
    expect(await finished(turnId), `${threadId}: ${text}`).toMatchObject({ status: 'done' });
  };

  it('leaves only the kept branches and the merged work', { timeout: 900_000 }, async () => {
    const make = async (i: number, useWorktree?: boolean) =>
      (
        await desk.handlers.createThread({
          title: `Thread ${i}`,
          settings: { projectDir: repo, ...(useWorktree === false ? { useWorktree } : {}) },
        })
      ).id;
    // 0–4: questions in their own worktree (Settings' default); 5–9: questions in the folder itself; 10–19: edits.
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await make(i, i >= 5 && i < 10 ? false : undefined));
    const edits = (i: number) => i >= 10;
    // Two turns each, the threads side by side (the turn service queues past its limit).
    await Promise.all(
      ids.map(async (id, i) => {
        await turn(id, edits(i) ? write(`t${i}-a.md`, `a${i}`) : `Question ${i}: what is here?`);
        await turn(id, edits(i) ? write(`t${i}-b.md`, `b${i}`) : `Question ${i}: and then?`);
      }),
    );
    const wt = (i: number) => desk.services.threads.summary(ids[i]!)!.settings.worktree;
    for (let i = 0; i < 20; i++) expect(Boolean(wt(i)), `thread ${i}`).toBe(!(i >= 5 && i < 10));
    expect(git(repo, 'status', '--porcelain')).toBe(''); // the user's checkout untouched

    // Landed as a user would: questions discarded (nothing in them), edits merged, kept or discarded.
    const land = async (i: number, action: 'merge' | 'keep' | 'discard') =>
      expect(
        await desk.handlers.landThread({ threadId: ids[i]!, action, ...(action === 'discard' ? { force: true } : {}) }),
        `thread ${i} ${action}`,
      ).toMatchObject({ ok: true });
    for (let i = 0; i < 5; i++) await land(i, 'discard');
    for (const i of [10, 11, 12, 13]) await land(i, 'merge');
    for (const i of [14, 15, 16]) await land(i, 'keep');
    for (const i of [17, 18, 19]) await land(i, 'discard');
    const kept = [14, 15, 16].map((i) => wt(i)!.branch);

    // Tidy up: what the merges left (their branches, all on main) — the kept branches are the user's choice.
    const stale = await desk.handlers.listStaleWorktrees({ repo });
    const merged = [10, 11, 12, 13].map((i) => wt(i)!.branch);
    expect(stale.map((s) => s.branch).sort()).toEqual([...merged, ...kept].sort());
    const done = await desk.handlers.tidyWorktrees({ repo, items: merged.map((branch) => ({ branch })) });
    expect(done).toMatchObject({ removed: 4 });

    // git: the main checkout only; main and the kept branches; main has every merged file.
    expect(git(repo, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    expect(git(repo, 'branch', '--format=%(refname:short)').split('\n').sort()).toEqual(['main', ...kept].sort());
    expect(git(repo, 'for-each-ref', '--format=%(refname)').split('\n').sort()).toEqual(
      ['refs/heads/main', ...kept.map((b) => `refs/heads/${b}`)].sort(),
    );
    for (const i of [10, 11, 12, 13]) expect(git(repo, 'show', `main:t${i}-b.md`), `thread ${i} merged`).toBe(`b${i}`);
    const log = git(repo, 'log', '--all', '--format=%s');
    expect(log).not.toMatch(/claude-desk (before|after)/);
    // Every commit reachable from a ref is main's or a kept branch's (no snapshot, nothing of a discarded thread).
    const reachable = new Set(git(repo, 'rev-list', '--all').split('\n'));
    const wanted = new Set(git(repo, 'rev-list', 'main', ...kept).split('\n'));
    expect([...reachable].filter((c) => !wanted.has(c))).toEqual([]);
    for (const i of [17, 18, 19]) expect(log).not.toContain(`t${i}`);
    expect(
      fs.existsSync(path.join(repo, '.claude', 'worktrees'))
        ? fs.readdirSync(path.join(repo, '.claude', 'worktrees'))
        : [],
    ).toEqual([]);
    expect(git(repo, 'status', '--porcelain')).toBe('');
  });
});
