import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../../../shared/threads';
import edits from '../../../../../test/fixtures/replayed/30-edit-write.json';
import bash from '../../../../../test/fixtures/replayed/31-bash-output.json';
import reads from '../../../../../test/fixtures/replayed/32-read-glob-grep.json';
import backgroundAgent from '../../../../../test/fixtures/replayed/34-subagent.json';
import subagent from '../../../../../test/fixtures/replayed/34b-subagent-foreground.json';
import { createFakeHost } from '../../test-support/fake-api';
import { renderWithStore } from '../../test-support/render-with-store';
import { AssistantMessageView } from '../chat/assistant-message';
import { ToolCard } from '../chat/tool-card';

/** Messages the real mapper and reducer made from the recorded cases (test/fixtures/replay-recorded.test.ts). */
const REPLAYED: Record<string, unknown> = {
  '30-edit-write': edits,
  '31-bash-output': bash,
  '32-read-glob-grep': reads,
  '34-subagent': backgroundAgent,
  '34b-subagent-foreground': subagent,
};
const show = (name: string) =>
  renderWithStore(<AssistantMessageView message={REPLAYED[name] as AssistantMessage} threadId="t1" />);
const card = (tool: string, n = 0) => screen.getAllByTestId('tool-card').filter((c) => c.dataset.tool === tool)[n]!;
const rows = (el: HTMLElement) =>
  within(el)
    .getAllByRole('row')
    .map((r) => [r.dataset.kind, r.textContent]);

describe('tool cards over the real CLI recordings', () => {
  it("a background sub-agent's report comes after a divider: the CLI answered again by itself (case 34)", () => {
    show('34-subagent');
    const turn = screen.getByTestId('assistant-message');
    const divider = within(turn).getByTestId('follow-up-divider');
    expect(divider).toHaveAccessibleName('Background agent finished — Claude follows up');
    const text = turn.textContent ?? '';
    expect(text.indexOf('Working on it.')).toBeLessThan(text.indexOf(divider.textContent ?? ''));
    expect(text.indexOf(divider.textContent ?? '')).toBeLessThan(text.indexOf('Hello from the mock API.'));
    expect(within(turn).getAllByTestId('follow-up-divider')).toHaveLength(1);
  });

  it('a finished Edit shows its removed and added lines with the file line numbers, no JSON (case 30)', () => {
    show('30-edit-write');
    const edit = card('Edit');
    expect(edit).not.toHaveTextContent('old_string');
    const changed = rows(edit).filter(([k]) => k === 'del' || k === 'add');
    expect(changed).toEqual([
      ['del', expect.stringMatching(/^10\W*removed: line 10$/)],
      ['add', expect.stringMatching(/^10\W*added: line ten$/)],
      ['add', expect.stringMatching(/^11\W*added: line ten and a half$/)],
    ]);
    expect(within(edit).getAllByRole('button')[0]).toHaveAccessibleName(/2 added, 1 removed/);
    // The replace_all edit has two hunks: the unchanged lines between them are collapsed.
    expect(card('Edit', 1)).toHaveTextContent('⋯ 12 unchanged lines');
  });

  it('a Write of a new file shows every line as added, numbered, and says New file (case 30)', async () => {
    show('30-edit-write');
    const write = card('Write');
    expect(write).toHaveTextContent('New file');
    expect(rows(write).map(([k]) => k)).toEqual(['add', 'add', 'add', 'add']);
    expect(within(write).getAllByRole('row')[0]).toHaveTextContent(/^1\W*added: export const answer = 42;$/);
    // Syntax highlighting of a .ts file, once the highlighter's chunk has loaded.
    await waitFor(() => expect(write.querySelector('.hljs-keyword')).toHaveTextContent('export'));
  });

  it('Bash shows $ command, its output with ANSI colours, and the exit status (case 31)', () => {
    show('31-bash-output');
    const [ok, failed] = [card('Bash'), card('Bash', 1)];
    expect(within(ok).getByTestId('bash-command')).toHaveTextContent("$ printf '\\033[31mred");
    const out = within(ok).getByTestId('terminal-output');
    expect(out).toHaveTextContent('red and bold green plain line');
    expect(within(out).getByText('red')).toHaveClass('ansi-red');
    expect(within(out).getByText('bold green')).toHaveClass('ansi-green', 'ansi-bold');
    expect(out.textContent).not.toContain('\u001b');
    expect(within(ok).getByTestId('bash-status')).toHaveTextContent('Exit code 0');
    expect(within(failed).getByTestId('bash-status')).toHaveTextContent('Exit code 3');
    expect(within(failed).getByTestId('terminal-output')).toHaveTextContent('to-stdout to-stderr');
    expect(within(failed).getByTestId('tool-state')).toHaveTextContent('Error');
  });

  it('long output is collapsed behind "Show all"', async () => {
    const result = Array.from({ length: 100 }, (_, i) => `row ${i + 1}`).join('\n');
    renderWithStore(
      <ToolCard
        part={{ kind: 'tool', toolUseId: 'x', name: 'Bash', input: { command: 'seq 100' }, result, isError: false }}
        turnOver
      />,
    );
    const out = screen.getByTestId('terminal-output');
    expect(out).toHaveTextContent('row 24');
    expect(out).not.toHaveTextContent('row 25');
    await userEvent.click(screen.getByRole('button', { name: 'Show all 100 lines' }));
    expect(screen.getByTestId('terminal-output')).toHaveTextContent('row 100');
  });

  it('Read shows the path, the line range and the excerpt with its line numbers; Glob/Grep list files (case 32)', async () => {
    show('32-read-glob-grep');
    const read = card('Read');
    await userEvent.click(within(read).getAllByRole('button')[0]!);
    expect(within(read).getByTestId('read-range')).toHaveTextContent('lines 3–6 of 31');
    expect(
      within(read)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['3line 3', '4line 4', '5line 5', '6line 6']);
    const grep = card('Grep', 1);
    await userEvent.click(within(grep).getAllByRole('button')[0]!);
    expect(within(grep).getByTestId('files-body')).toHaveTextContent('2 files');
    expect(
      within(grep)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['notes.txt', 'src/a.ts']);
  });

  it("a sub-agent's text and Bash call are nested under the Agent card, with its state and duration (case 34b)", () => {
    show('34b-subagent-foreground');
    const agent = card('Agent');
    expect(within(agent).getAllByTestId('tool-state')[0]).toHaveTextContent(/^Done · \d/);
    const nested = within(within(agent).getByTestId('subagent')).getAllByTestId('tool-card');
    expect(nested.map((c) => c.dataset.tool)).toEqual(['Bash']);
    expect(within(nested[0]!).getByTestId('terminal-output')).toHaveTextContent('sub-agent-says-hi');
    expect(within(agent).getByTestId('subagent')).toHaveTextContent('Using a tool.');
    // Only the Agent card is at the top level.
    expect(
      screen.getAllByTestId('tool-card').filter((c) => !c.parentElement?.closest('[data-testid=subagent]')),
    ).toHaveLength(1);
  });

  it('a background sub-agent says it works in the background while its turn is open, and Stopped if the turn ended first (case 34)', () => {
    const part = {
      kind: 'tool' as const,
      toolUseId: 'a1',
      name: 'Agent',
      input: { description: 'Say hi from a sub-agent', prompt: 'do it' },
      result: 'Async agent launched successfully.',
      subagent: { status: 'running' as const, background: true },
      children: [
        { kind: 'text' as const, text: 'Using a tool.' },
        { kind: 'tool' as const, toolUseId: 'b1', name: 'Bash', input: { command: 'sleep 3; echo hi' } },
      ],
    };
    const { rerender } = renderWithStore(<ToolCard part={part} turnOver={false} />);
    const state = () => screen.getAllByTestId('tool-state')[0];
    expect(state()).toHaveTextContent('Working in the background');
    expect(screen.getByTestId('subagent')).toHaveTextContent('Using a tool.');
    // Its own call runs although the Agent call itself returned at once.
    expect(within(screen.getByTestId('subagent')).getByTestId('tool-state')).toHaveTextContent(/^Running/);
    rerender(
      <ToolCard
        part={{ ...part, subagent: { ...part.subagent, status: 'completed', durationMs: 2400 } }}
        turnOver={false}
      />,
    );
    expect(state()).toHaveTextContent(/^Done · 2\.4 s$/);
    rerender(<ToolCard part={part} turnOver />);
    expect(state()).toHaveTextContent('Stopped');
  });

  it('an unknown tool gets a readable card: its arguments by name, then the result', async () => {
    renderWithStore(
      <ToolCard
        part={{
          kind: 'tool',
          toolUseId: 'x',
          name: 'ScheduleWakeup',
          input: { when: 'in 5 minutes', repeat: { times: 2 } },
          result: 'ok',
        }}
        turnOver
      />,
    );
    await userEvent.click(screen.getAllByRole('button')[0]!);
    const args = screen.getByTestId('tool-args');
    expect(args).toHaveTextContent('when');
    expect(args).toHaveTextContent('in 5 minutes');
    expect(args).toHaveTextContent(/times\s*2/);
  });

  it("an unknown tool's input reads as a list: nested values indented, long text folded, no braces or quotes", async () => {
    const body = 'The tokenizer splits on whitespace outside quotes. '.repeat(20);
    renderWithStore(
      <ToolCard
        part={{
          kind: 'tool',
          toolUseId: 'x',
          name: 'mcp__tracker__create_issue',
          input: {
            title: 'Parser drops quotes',
            labels: ['bug', 'parser'],
            assignee: { name: 'Ada', team: { name: 'Core', size: 4 } },
            steps: [{ run: 'npm test' }, { run: 'npm run lint' }],
            body,
            draft: false,
            milestone: null,
          },
          result: 'Created issue #12',
        }}
        turnOver
      />,
    );
    await userEvent.click(screen.getAllByRole('button')[0]!);
    const args = screen.getByTestId('tool-args');
    expect(args.textContent).not.toMatch(/[{}"[\]]/);
    expect(args).toHaveTextContent('labelsbug, parser');
    // A nested object is a list of its own, inside its key's value.
    const team = within(args).getByText('team').nextElementSibling!.querySelector('dl')!;
    expect(team).toHaveTextContent('nameCoresize4');
    expect(team.parentElement!.closest('dl')).not.toBe(args); // inside assignee's list, inside the card's
    expect(args).toHaveTextContent('1runnpm test2runnpm run lint');
    expect(args).toHaveTextContent('draftno');
    expect(args).toHaveTextContent('milestonenone');
    // A long text is folded: its start shows, the rest behind a click.
    expect(args).not.toHaveTextContent(body.trim());
    await userEvent.click(within(args).getByRole('button', { name: /Show all/ }));
    expect(args).toHaveTextContent(body.trim());
  });

  it("ToolSearch, the CLI's own step to load a tool, is not a card", () => {
    renderWithStore(
      <AssistantMessageView
        threadId="t1"
        message={
          {
            id: 'm1',
            role: 'assistant',
            status: 'done',
            createdAt: 1,
            parts: [
              {
                kind: 'tool',
                toolUseId: 's',
                name: 'ToolSearch',
                input: { query: 'select:ExitPlanMode', max_results: 1 },
                result: '[tool_reference]',
              },
              { kind: 'tool', toolUseId: 'b', name: 'Bash', input: { command: 'ls' }, result: 'a.txt' },
            ],
          } as AssistantMessage
        }
      />,
    );
    expect(screen.getAllByTestId('tool-card').map((c) => c.dataset.tool)).toEqual(['Bash']);
    expect(screen.getByTestId('assistant-message')).not.toHaveTextContent(/tool_reference|select:/);
  });

  it('a file path opens the file on the desktop and copies the path in browser mode', async () => {
    const part = {
      kind: 'tool' as const,
      toolUseId: 'x',
      name: 'Write',
      input: { file_path: '/proj/a.md', content: 'hi\n' },
    };
    const desktop = createFakeHost({ host: 'electron' });
    const { store, unmount } = renderWithStore(<ToolCard part={part} turnOver={false} />, { host: desktop });
    await act(() => store.getState().loadAppInfo());
    await waitFor(() => expect(store.getState().appInfo?.host).toBe('electron'));
    await userEvent.click(screen.getByTestId('file-path'));
    expect(desktop.callsTo('openFile')).toEqual([{ path: '/proj/a.md' }]);
    unmount();

    const web = createFakeHost({ host: 'web' });
    const { store: webStore } = renderWithStore(<ToolCard part={part} turnOver={false} />, { host: web });
    await act(() => webStore.getState().loadAppInfo());
    await waitFor(() => expect(webStore.getState().appInfo?.host).toBe('web'));
    const user = userEvent.setup();
    await user.click(screen.getByTestId('file-path'));
    expect(await navigator.clipboard.readText()).toBe('/proj/a.md');
    expect(screen.getByTestId('file-path')).toHaveTextContent('Copied');
    expect(web.callsTo('openFile')).toEqual([]);
  });
});

describe("a failed tool's card", () => {
  it('shows the sentence inside <tool_use_error>, not the tags (case 47)', async () => {
    renderWithStore(
      <ToolCard
        part={{
          kind: 'tool',
          toolUseId: 'e1',
          name: 'Edit',
          input: { file_path: '/proj/app.js', old_string: 'a', new_string: 'b' },
          result: '<tool_use_error>String to replace not found in file.\nString: a</tool_use_error>',
          isError: true,
        }}
        turnOver
      />,
    );
    const failed = card('Edit');
    if (!within(failed).queryByText(/String to replace/))
      await userEvent.click(within(failed).getAllByRole('button')[0]!);
    expect(failed).toHaveTextContent('String to replace not found in file.');
    expect(failed).not.toHaveTextContent('tool_use_error');
  });
});
