import { describe, expect, it } from 'vitest';
import { recordedCase, recordedValues } from '../../../test/fixtures/recorded-cases';
import { parseContextUsage } from '../../shared/context-usage';

describe('get_context_usage read into the context panel’s shape', () => {
  it('keeps the memory files the session loaded, in load order (recorded case 53f)', () => {
    const answers = recordedValues(recordedCase('53f-claude-md-above-the-project')).flatMap((v) => {
      const line = v as { type?: string; response?: { response?: unknown } };
      return line.type === 'control_response' ? [line.response?.response] : [];
    });
    expect(answers).toHaveLength(2);
    const usage = parseContextUsage(answers[0]);
    expect(usage?.memoryFiles).toEqual([
      { path: '<home>/.claude/CLAUDE.md', type: 'User' },
      { path: '<cwd>/CLAUDE.md', type: 'Project' },
      { path: '<cwd>/CLAUDE.local.md', type: 'Local' },
      { path: '<cwd>/app/CLAUDE.md', type: 'Project' },
      { path: '<cwd>/app/.claude/CLAUDE.md', type: 'Project' },
      { path: '<cwd>/app/CLAUDE.local.md', type: 'Local' },
    ]);
    // After a Read in app/pkg the session carries app/pkg/CLAUDE.md, but the report does not list it.
    expect(parseContextUsage(answers[1])?.memoryFiles?.map((m) => m.path)).not.toContain('<cwd>/app/pkg/CLAUDE.md');
  });
});
