import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDeskStore } from '../../store/desk-store';
import { DeskStoreProvider } from '../../store/store-context';
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

describe('ToolCard of a command run in the background (recorded case 40)', () => {
  const part = (backgroundCommand: NonNullable<Parameters<typeof ToolCard>[0]['part']['backgroundCommand']>) => ({
    kind: 'tool' as const,
    toolUseId: 't1',
    name: 'Bash',
    input: { command: 'npm run dev', description: 'Start the dev server', run_in_background: true },
    result: 'Command running in background with ID: b1.',
    backgroundCommand,
  });

  it('says it runs in the background while the answer goes on, though its call has returned', () => {
    render(<ToolCard part={part({ status: 'running' })} turnOver={false} />);
    expect(screen.getByTestId('tool-state')).toHaveTextContent(/^Running in the background/);
  });

  it('says the answer’s end stopped it, and why', () => {
    render(<ToolCard part={part({ status: 'stopped', endedWithTurn: true })} turnOver />);
    expect(screen.getByTestId('tool-state')).toHaveTextContent(/^Stopped when the answer ended$/);
    expect(screen.getByTestId('tool-ended-with-turn')).toHaveTextContent('stops what is still running');
  });

  it('one that ended by itself says how; a turn that ended while it ran says Stopped', () => {
    const { rerender } = render(<ToolCard part={part({ status: 'completed' })} turnOver />);
    expect(screen.getByTestId('tool-state')).toHaveTextContent(/^Done$/);
    rerender(<ToolCard part={part({ status: 'failed' })} turnOver />);
    expect(screen.getByTestId('tool-state')).toHaveTextContent(/^Failed$/);
    rerender(<ToolCard part={part({ status: 'running' })} turnOver />);
    expect(screen.getByTestId('tool-state')).toHaveTextContent(/^Stopped$/);
    expect(screen.queryByTestId('tool-ended-with-turn')).toBeNull();
  });
});

describe('ToolCard of a command edited before it was allowed', () => {
  it('shows what Claude proposed against what ran as a diff of the command, never as JSON', () => {
    const part = {
      kind: 'tool' as const,
      toolUseId: 't1',
      name: 'Bash',
      input: { command: 'touch edited.txt', description: 'Make the file' },
      proposedInput: { command: 'touch proposed.txt', description: 'Make the file' },
      result: '',
    };
    render(<ToolCard part={part} turnOver />);
    const proposed = screen.getByTestId('tool-proposed');
    expect(proposed.querySelector('[data-kind="del"]')).toHaveTextContent('touch proposed.txt');
    expect(proposed.querySelector('[data-kind="add"]')).toHaveTextContent('touch edited.txt');
    expect(proposed).toHaveTextContent('Command: Claude proposed');
    expect(screen.getByTestId('tool-card').textContent).not.toContain('{"');
  });
});

describe('ToolCard of a file write', () => {
  const write = {
    kind: 'tool' as const,
    toolUseId: 't1',
    name: 'Write',
    input: { file_path: '/proj/README.md', content: 'a\nb\n' },
  };
  const approval = {
    request: { requestId: 'r1', toolUseId: 't1', toolName: 'Write', input: write.input, suggestions: [] },
  };

  it('counts no lines while its approval card waits: the card counts against the file on disk', () => {
    render(<ToolCard part={write} turnOver={false} approval={approval} />);
    expect(screen.queryByLabelText(/added/)).toBeNull();
  });

  it('counts no lines once it failed: it changed nothing', () => {
    const failed = { ...write, result: 'File content has changed since it was last read.', isError: true };
    render(
      <DeskStoreProvider store={createDeskStore()}>
        <ToolCard part={failed} turnOver />
      </DeskStoreProvider>,
    );
    expect(screen.queryByLabelText(/added/)).toBeNull();
  });
});
