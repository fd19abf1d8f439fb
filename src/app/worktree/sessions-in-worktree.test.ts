import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDED_DIR } from '../../../test/fixtures/recorded-cases';
import { parseRunningSessions } from '../board/agents-json';
import { refuseWhileSessionsRun } from './sessions-in-worktree';

/** `claude agents --json` as recorded in case 54, with its worktree (`<repo>/.claude/worktrees/held`) at `at`. */
function recorded(step: string, at: string) {
  const steps = (
    JSON.parse(fs.readFileSync(path.join(RECORDED_DIR, '54-agents-in-worktree.json'), 'utf8')) as {
      steps: { step: string; stdout: string }[];
    }
  ).steps;
  const stdout = steps.find((s) => s.step === step)?.stdout ?? '';
  return parseRunningSessions(stdout.replaceAll('<repo>/.claude/worktrees/held', at));
}

const WT = '/home/me/repo/.claude/worktrees/held';
const NONE = { pids: [], sessionIds: [] };

describe('sessions working in a worktree, before a discard', () => {
  it('names a `--bg` session working in the worktree, with the command that stops it', async () => {
    const sessions = recorded('agents-json-bg-in-worktree', WT);
    const out = await refuseWhileSessionsRun(WT, { ok: true, sessions }, NONE);
    expect(out).toMatchObject({ ok: false, reason: 'live-session' });
    expect(out?.message).toMatch(
      /^A Claude Code session \(“hello from the mock api\.”\) is still working in this worktree: .*stop it first, or confirm/,
    );
    expect(out?.sessions).toEqual(['“hello from the mock api.” (background, claude stop 2410a4f4)']);
  });

  it('names a stream-json or interactive session (no short id) by its pid, and counts a subfolder as inside', async () => {
    const sessions = recorded('agents-json-while-stream-json-runs', `${WT}/src`);
    const out = await refuseWhileSessionsRun(WT, { ok: true, sessions }, NONE);
    expect(out?.sessions).toEqual([`“held-61” (interactive, pid ${sessions[0]?.pid})`]);
  });

  it('lets the discard go on for the thread’s own process and for sessions in other folders', async () => {
    const own = recorded('agents-json-while-stream-json-runs', WT);
    const pid = own[0]!.pid!;
    expect(
      await refuseWhileSessionsRun(WT, { ok: true, sessions: own }, { pids: [pid], sessionIds: [] }),
    ).toBeUndefined();
    // Started inside a sandbox's wrapper, it is listed under another pid: its session id is the thread's.
    const session = { pids: [], sessionIds: [own[0]!.sessionId!] };
    expect(await refuseWhileSessionsRun(WT, { ok: true, sessions: own }, session)).toBeUndefined();
    const elsewhere = recorded('agents-json-bg-in-worktree', '/home/me/repo/.claude/worktrees/held-2');
    expect(await refuseWhileSessionsRun(WT, { ok: true, sessions: elsewhere }, NONE)).toBeUndefined();
    expect(await refuseWhileSessionsRun(WT, { ok: true, sessions: [] }, NONE)).toBeUndefined();
  });

  it('refuses, saying so, when Claude Code cannot list its sessions', async () => {
    const out = await refuseWhileSessionsRun(WT, { ok: false, reason: 'Claude Code took longer than 5 s.' }, NONE);
    expect(out).toMatchObject({ reason: 'live-session', sessions: [] });
    expect(out?.message).toMatch(/could not check .*\(Claude Code took longer than 5 s\): confirm to discard anyway/);
  });
});
