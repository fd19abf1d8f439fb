import { describe, expect, it } from 'vitest';
import { acceptProgramAdvice } from './accept-program';
import { CliEventMapper } from './cli-event-mapper';
import { classifyTurnEnd } from './turn-errors';

// Claude Code 2.1.337's own sentences (its bundle): on Linux it pins nothing, so none could be recorded (case 65).
const MOVED =
  "PATH now finds git at /home/u/bin/git. Claude Code won't run it yet, in case a command put it there. If you installed it, run claude accept-program '/home/u/bin/git' and restart. If not, delete it.";
const TOOL_REFUSAL =
  'In your own terminal, run claude accept-program with the full path of the gh that you want Claude Code to run, then restart Claude Code';

describe('a program Claude Code will not run until it is accepted (claude accept-program, 2.1.337)', () => {
  it('says which program, and the command to run with its path', () => {
    expect(acceptProgramAdvice(MOVED)).toBe(
      "Claude Code would not run the git at /home/u/bin/git: it moved or newly appeared on your PATH. If you installed it, run claude accept-program '/home/u/bin/git' in a terminal, then send the message again; if not, delete it.",
    );
    expect(acceptProgramAdvice(TOOL_REFUSAL)).toMatch(
      /^Claude Code would not run a program: [^]*run claude accept-program in a terminal \(it lists what changed; then run it again with the full path\)/,
    );
    expect(acceptProgramAdvice('git version 2.39.5')).toBeUndefined();
  });

  it('a tool result that says so brings one warning to the turn', () => {
    const mapper = new CliEventMapper({ threadId: 't', turnId: 'u' });
    const result = (id: string) => ({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, is_error: true, content: MOVED }] },
    });
    mapper.map({
      type: 'assistant',
      message: { id: 'm1', content: [{ type: 'tool_use', id: 'a', name: 'Bash', input: {} }] },
    });
    const first = mapper.map(result('a')).events;
    expect(first.filter((e) => e.type === 'warning')).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/run claude accept-program '\/home\/u\/bin\/git' in a terminal/),
      }),
    ]);
    expect(mapper.map(result('b')).events.filter((e) => e.type === 'warning')).toEqual([]);
  });

  it('a start refused on stderr says what to run, never only an exit code', () => {
    const exit = { code: 1, signal: null, idleTimedOut: false, stopped: false, stderrTail: MOVED };
    expect(classifyTurnEnd({ exit, file: 'claude', idleTimeoutMs: 1 })).toMatchObject({
      kind: 'cli_error',
      message: 'Claude Code would not run the git at /home/u/bin/git: it moved or newly appeared on your PATH.',
      hint: expect.stringMatching(
        /^If you installed it, run claude accept-program '\/home\/u\/bin\/git' in a terminal/,
      ),
    });
  });
});
