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
