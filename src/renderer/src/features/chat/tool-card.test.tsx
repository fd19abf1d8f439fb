import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToolCard } from './tool-card';

describe('ToolCard running time', () => {
  it('a running tool shows how long it has been running, so a long build does not look hung', () => {
    const part = {
      kind: 'tool' as const,
      toolUseId: 't1',
      name: 'Bash',
      input: { command: 'npm test' },
      startedAt: Date.now() - 192_000,
    };
    render(<ToolCard part={part} turnOver={false} />);
    expect(screen.getByTestId('tool-state')).toHaveTextContent(/^Running 3:1\d$/);
  });

  it('a finished tool shows no timer', () => {
    const part = { kind: 'tool' as const, toolUseId: 't1', name: 'Bash', input: {}, startedAt: 0, result: 'ok' };
    render(<ToolCard part={part} turnOver={false} />);
    expect(screen.getByTestId('tool-state')).toHaveTextContent(/^Done$/);
  });
});
