import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDED_DIR } from '../../../test/fixtures/recorded-cases';
import { parseClaudeAgents } from './agents-json';

/** Recorded case 50: `claude agents --json`'s stdout at each step. */
function recordedStdout(step: string): string {
  const rec = JSON.parse(fs.readFileSync(path.join(RECORDED_DIR, '50-agents-bg.json'), 'utf8')) as {
    steps: { step: string; stdout: string }[];
  };
  return rec.steps.find((s) => s.step === step)!.stdout;
}

describe('claude agents --json (recorded case 50)', () => {
  it('reads the background session the CLI listed', () => {
    const [agent, ...rest] = parseClaudeAgents(recordedStdout('agents-json-one'));
    expect(rest).toEqual([]);
    expect(agent).toEqual({
      id: 'c4d0950c',
      sessionId: 'c4d0950c-e651-4a22-8f35-feac3138986e',
      cwd: '<repo>',
      kind: 'background',
      name: 'hello from the mock api.',
      status: 'idle',
      state: 'working',
      startedAt: 1796431148812,
      pid: 17519,
    });
  });

  it('reads none, and a stopped one without pid or status (--all)', () => {
    expect(parseClaudeAgents(recordedStdout('agents-json-empty'))).toEqual([]);
    const [stopped] = parseClaudeAgents(recordedStdout('agents-json-all-after-stop'));
    expect(stopped).toMatchObject({ id: 'c4d0950c', state: 'stopped' });
    expect(stopped).not.toHaveProperty('pid');
    expect(stopped).not.toHaveProperty('status');
  });

  it('skips a row that does not fit and refuses output that is not a list', () => {
    expect(parseClaudeAgents('[{"id":"a1","cwd":"/x"},{"cwd":"/no-id"},7]')).toEqual([
      { id: 'a1', cwd: '/x', kind: 'session', name: 'a1' },
    ]);
    expect(() => parseClaudeAgents('Usage: claude agents [options]')).toThrow();
    expect(() => parseClaudeAgents('{"id":"x"}')).toThrow();
  });
});
