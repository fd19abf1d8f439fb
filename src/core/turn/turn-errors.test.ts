import { describe, expect, it } from 'vitest';
import { classifyTurnEnd } from './turn-errors';
import type { ProcessExit } from './turn-process';

const exit = (stderrTail: string): ProcessExit => ({
  code: 3,
  signal: null,
  idleTimedOut: false,
  stopped: false,
  stderrTail,
});

describe('a crash without an answer', () => {
  it('shows the end of stderr with keys and tokens redacted', () => {
    const error = classifyTurnEnd({
      exit: exit('boom: ANTHROPIC_API_KEY=sk-ant-api03-abcdefghijklmnop\nAuthorization: Bearer 0123456789abcdef0123'),
      file: '/bin/claude',
      idleTimeoutMs: 1000,
    });
    expect(error).toMatchObject({ kind: 'cli_error' });
    expect(error!.message).toContain('exited with code 3');
    expect(error!.message).toContain('boom');
    expect(error!.message).not.toContain('sk-ant-api03-abcdefghijklmnop');
    expect(error!.message).not.toContain('0123456789abcdef0123');
  });

  it('keeps only the last lines of a long stderr', () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i} of the crash report`);
    const error = classifyTurnEnd({ exit: exit(lines.join('\n')), file: '/bin/claude', idleTimeoutMs: 1000 });
    expect(error!.message.length).toBeLessThan(2200);
    expect(error!.message).toContain('line 499 of the crash report');
    expect(error!.message).not.toContain('line 0 of');
  });
});

describe('a turn ended from outside, or by a bound', () => {
  const ended = (over: Partial<ProcessExit>): ProcessExit => ({ ...exit(''), ...over });

  it('says Claude Code was stopped, not "exited with code 143", when it ended on SIGTERM (case 40d)', () => {
    for (const how of [{ code: 143 }, { code: null, signal: 'SIGTERM' as const }]) {
      const error = classifyTurnEnd({ exit: ended(how), file: '/bin/claude', idleTimeoutMs: 1000 });
      expect(error!.message).toMatch(/^Claude Code was stopped before it answered/);
      expect(error!.message).not.toContain('143');
      expect(error!.message).toContain('outside Claude Desk');
      expect(error!.hint).toContain('Send the message again');
    }
  });

  it('counts a tool bound in seconds up to two minutes and in minutes past', () => {
    const tool = (boundMs: number) =>
      classifyTurnEnd({
        exit: ended({ idleTimedOut: true, toolRunning: true, boundMs }),
        file: '/bin/claude',
        idleTimeoutMs: 1000,
      })!.message;
    expect(tool(16_000)).toContain('A tool ran for 16 seconds without finishing');
    expect(tool(90_000)).toContain('A tool ran for 90 seconds without finishing');
    expect(tool(600_000)).toContain('A tool ran for 10 minutes without finishing');
  });
});

describe('a process that could not be started', () => {
  const notStarted = {
    ...exit(''),
    code: null,
    spawnError: Object.assign(new Error('spawn ENOENT'), { code: 'ENOENT' }),
  };

  it('names the missing folder, not the program, when the folder it was to start in was gone', () => {
    const error = classifyTurnEnd({
      exit: notStarted,
      file: '/usr/bin/bwrap',
      idleTimeoutMs: 1000,
      folderGone: '/home/me/app/.claude/worktrees/fix',
    });
    expect(error).toMatchObject({ kind: 'internal' });
    expect(error!.message).toContain('/home/me/app/.claude/worktrees/fix, was not there');
    expect(error!.message).not.toContain('bwrap');
  });

  it('says where it looked for Claude Code when the folder is there', () => {
    const error = classifyTurnEnd({ exit: notStarted, file: '/home/me/bin/claude', idleTimeoutMs: 1000 });
    expect(error).toMatchObject({ kind: 'cli_missing', message: 'Claude Code CLI not found at /home/me/bin/claude' });
  });
});
