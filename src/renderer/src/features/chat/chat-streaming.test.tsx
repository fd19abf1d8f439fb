import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TurnEvent } from '../../../../shared/turn-events';
import type { AssistantMessage } from '../../../../shared/threads';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

// Count renders of each assistant message view, by message id, without changing what it renders.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('./assistant-message', async (importOriginal) => {
  const real = await importOriginal<typeof import('./assistant-message')>();
  const { createElement } = await import('react');
  return {
    ...real,
    AssistantMessageView: (props: { message: AssistantMessage }) => {
      renders.set(props.message.id, (renders.get(props.message.id) ?? 0) + 1);
      return createElement(real.AssistantMessageView, props);
    },
  };
});

const T = 'th-1';
type Body = TurnEvent extends infer E ? (E extends unknown ? Omit<E, 'threadId' | 'turnId'> : never) : never;
const ev = (turnId: string, body: Body): TurnEvent => ({ threadId: T, turnId, ...body }) as TurnEvent;

const verdict = {
  isError: false,
  subtype: 'success',
  costUsd: 0.0123,
  durationMs: 2300,
  numTurns: 1,
  usage: { inputTokens: 1200, outputTokens: 345 },
};

let restoreLayout: () => void;
beforeEach(() => {
  renders.clear();
  restoreLayout = giveScrollerAViewport();
});
afterEach(() => restoreLayout());

async function openThread() {
  const host = createFakeHost({
    threads: [
      makeThread(T, 'Greetings', [
        { id: 'u0', role: 'user', createdAt: 1, text: 'earlier question' },
        {
          id: 'a0',
          role: 'assistant',
          createdAt: 2,
          status: 'done',
          parts: [{ kind: 'text', text: 'earlier answer' }],
        },
      ]),
    ],
  });
  const app = renderApp({ host });
  await userEvent.click(await screen.findByText('Greetings'));
  await screen.findByText('earlier answer');
  return app;
}

describe('chat: streaming', () => {
  it('sends with Enter, then streams the answer token by token, exactly once, with a footer', async () => {
    const { host } = await openThread();
    const box = screen.getByLabelText('Message');
    await userEvent.type(box, 'Say hello{Enter}');
    await waitFor(() =>
      expect(host.callsTo('sendMessage')).toEqual([
        { threadId: T, messageId: expect.any(String), turnId: expect.any(String), text: 'Say hello' },
      ]),
    );
    expect(screen.getByText('Say hello')).toBeInTheDocument();
    expect(box).toHaveValue('');

    const turn = 'turn-1';
    act(() => host.emit('turnEvent', ev(turn, { type: 'started', startedAt: Date.now() })));
    expect(await screen.findByTestId('turn-running')).toBeInTheDocument();
    for (const chunk of ['Hello', ' from', ' the mock API.']) {
      act(() => host.emit('turnEvent', ev(turn, { type: 'text_delta', messageId: 'm1', text: chunk })));
    }
    await screen.findByText('Hello from the mock API.');
    // The CLI repeats the whole block after streaming it: shown once, not twice.
    act(() => host.emit('turnEvent', ev(turn, { type: 'text', messageId: 'm1', text: 'Hello from the mock API.' })));
    act(() => host.emit('turnEvent', ev(turn, { type: 'result', verdict })));
    act(() => host.emit('turnEvent', ev(turn, { type: 'finished', status: 'done' })));

    await waitFor(() => expect(screen.getAllByText('Hello from the mock API.')).toHaveLength(1));
    const footer = screen.getByTestId('turn-footer');
    expect(footer).toHaveTextContent('$0.012');
    expect(footer).toHaveTextContent('1.2k in · 345 out');
    expect(footer).toHaveTextContent('2.3 s');
    expect(screen.queryByTestId('turn-running')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stop-button')).not.toBeInTheDocument();
  });

  it('a delta re-renders only the message being streamed, not the rest of the thread', async () => {
    const { host } = await openThread();
    await userEvent.type(screen.getByLabelText('Message'), 'go{Enter}');
    const turn = 'turn-1';
    act(() => host.emit('turnEvent', ev(turn, { type: 'started', startedAt: Date.now() })));
    act(() => host.emit('turnEvent', ev(turn, { type: 'text_delta', messageId: 'm1', text: 'a' })));
    await screen.findByText('a');
    const earlierBefore = renders.get('a0') ?? 0;
    const streamingBefore = renders.get(turn) ?? 0;
    expect(earlierBefore).toBeGreaterThan(0);

    for (let i = 0; i < 20; i++)
      act(() => host.emit('turnEvent', ev(turn, { type: 'text_delta', messageId: 'm1', text: 'b' })));
    await screen.findByText(`a${'b'.repeat(20)}`);

    expect(renders.get('a0')).toBe(earlierBefore);
    // 20 deltas within one frame: the streamed message renders once for all of them, not 20 times.
    const streamed = (renders.get(turn) ?? 0) - streamingBefore;
    expect(streamed).toBeGreaterThanOrEqual(1);
    expect(streamed).toBeLessThanOrEqual(2);
  });

  it('half-finished markdown in the streaming tail shows no raw marks: a code span or fence renders as if closed', async () => {
    const { host } = await openThread();
    await userEvent.type(screen.getByLabelText('Message'), 'go{Enter}');
    const turn = 'turn-1';
    const send = (body: Body) => act(() => host.emit('turnEvent', ev(turn, body)));
    send({ type: 'started', startedAt: Date.now() });
    send({ type: 'text_delta', messageId: 'm1', text: 'Call `tokeni' });
    const streaming = () => screen.getByTestId('streaming-text');
    await waitFor(() => expect(streaming().querySelector('code')).toHaveTextContent('tokeni'));
    expect(streaming()).not.toHaveTextContent('`');
    send({ type: 'text_delta', messageId: 'm1', text: 'ze` now **bol' });
    await waitFor(() => expect(streaming().querySelector('strong')).toHaveTextContent('bol'));
    expect(streaming()).not.toHaveTextContent(/`|\*\*/);
    send({ type: 'text_delta', messageId: 'm1', text: 'd** first.\n\n```ts\nconst a = 1;' });
    await waitFor(() => expect(streaming().querySelector('pre code')).toHaveTextContent('const a = 1;'));
    expect(streaming()).not.toHaveTextContent(/`|\*\*/);
  });

  it('shows thinking collapsed and tool calls as cards with friendly names, results and denials', async () => {
    const { host } = await openThread();
    await userEvent.type(screen.getByLabelText('Message'), 'use tools{Enter}');
    const turn = 'turn-1';
    const send = (body: Body) => act(() => host.emit('turnEvent', ev(turn, body)));
    send({ type: 'started', startedAt: Date.now() });
    send({ type: 'thinking_delta', messageId: 'm1', text: 'Let me recall the notes.' });
    send({ type: 'tool_call', toolUseId: 'tu1', name: 'mcp__desk__memory_recall', input: { query: 'notes' } });
    send({ type: 'tool_result', toolUseId: 'tu1', content: 'Found 2 notes', isError: false });
    send({ type: 'tool_call', toolUseId: 'tu2', name: 'Bash', input: { command: 'rm -rf build' } });
    send({
      type: 'permission_denied',
      toolUseId: 'tu2',
      toolName: 'Bash',
      message: 'Shell commands are off in Accept edits mode.',
    });

    const thinking = await screen.findByTestId('thinking');
    expect(thinking).not.toHaveAttribute('open');
    const [recall, bash] = screen.getAllByTestId('tool-card');
    expect(recall).toHaveTextContent('Memory · recall');
    expect(recall).toHaveTextContent('Done');
    expect(within(recall!).queryByText('Found 2 notes')).not.toBeInTheDocument();
    await userEvent.click(within(recall!).getByRole('button', { expanded: false }));
    expect(within(recall!).getByText('Found 2 notes')).toBeInTheDocument();
    expect(bash).toHaveTextContent('Shell');
    expect(bash).toHaveTextContent('rm -rf build');
    expect(bash).toHaveTextContent('Denied');
    expect(bash).toHaveTextContent('Shell commands are off in Accept edits mode.');
  });
});

describe('chat: streaming markdown in blocks', () => {
  it('a streamed answer with a code fence split by blank lines renders like the whole text', async () => {
    const { host } = await openThread();
    const emit = (body: Body) => act(() => host.emit('turnEvent', ev('turn-md', body)));
    emit({ type: 'started', startedAt: Date.now() });
    const pieces = [
      'Intro para',
      'graph.\n\n```js\nconst a',
      ' = 1;\n\nconst b = 2;\n',
      '```\n\n- one\n- two\n\nThe e',
      'nd.',
    ];
    for (const text of pieces) emit({ type: 'text_delta', messageId: 'm1', text });
    const streaming = await screen.findByTestId('streaming-text');
    await waitFor(() => expect(streaming).toHaveTextContent('The end.'));
    expect(within(streaming).getAllByRole('button', { name: 'Copy code' })).toHaveLength(1);
    expect(streaming.querySelector('pre')?.textContent).toBe('const a = 1;\n\nconst b = 2;\n');
    expect(
      within(streaming)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['one', 'two']);
    expect(streaming.querySelectorAll('.markdown').length).toBeGreaterThan(1); // parsed in blocks
  });
});

describe('chat: a code fence while it streams', () => {
  it('looks like the finished fence, and is highlighted a few times while it grows, not on every delta', async () => {
    const { lowlight } = await import('../../ui/highlight/grammars');
    const highlight = vi.spyOn(lowlight, 'highlight');
    const { host } = await openThread();
    const emit = (body: Body) => act(() => host.emit('turnEvent', ev('turn-code', body)));
    emit({ type: 'started', startedAt: Date.now() });
    emit({ type: 'text_delta', messageId: 'm1', text: 'Here:\n\n```ts\nexport const first = 1;\n' });
    const streaming = await screen.findByTestId('streaming-text');
    const code = () => streaming.querySelector('pre code');
    await waitFor(() => expect(code()?.querySelector('.hljs-keyword')).toHaveTextContent('export'));
    expect(code()).toHaveClass('hljs', 'language-ts');
    expect(screen.getByText('ts', { selector: '.code-block-lang' })).toBeInTheDocument();

    const lines = Array.from({ length: 60 }, (_, i) => `let value${i} = ${i};\n`);
    // A line per render: each shows at once, but the fence is highlighted at most every ~150 ms, not per render.
    let before = highlight.mock.calls.length;
    const t0 = performance.now();
    for (const [i, line] of lines.slice(0, 30).entries()) {
      emit({ type: 'text_delta', messageId: 'm1', text: line });
      await waitFor(() => expect(code()).toHaveTextContent(`let value${i} = ${i};`));
    }
    const elapsed = performance.now() - t0;
    expect(highlight.mock.calls.length - before).toBeLessThanOrEqual(Math.floor(elapsed / 150) + 2);
    // 30 deltas at once: shown at once, highlighted at most twice (the lines since show plain until the next).
    before = highlight.mock.calls.length;
    for (const line of lines.slice(30)) emit({ type: 'text_delta', messageId: 'm1', text: line });
    await waitFor(() => expect(code()).toHaveTextContent('let value59 = 59;'));
    expect(highlight.mock.calls.length - before).toBeLessThanOrEqual(2);
    // A pause: the last lines get their colours too.
    await waitFor(() => expect([...code()!.querySelectorAll('.hljs-number')].at(-1)).toHaveTextContent('59'));
    const streamed = code()!.textContent;
    expect(streamed).toBe(`export const first = 1;\n${lines.join('')}`);
    // A line still being written shows at once, plain.
    emit({ type: 'text_delta', messageId: 'm1', text: 'let half' });
    await waitFor(() => expect(code()).toHaveTextContent('let half'));

    emit({ type: 'text_delta', messageId: 'm1', text: ' = 0;\n```\n\nDone.' });
    emit({ type: 'result', verdict });
    emit({ type: 'finished', status: 'done' });
    await waitFor(() => expect(screen.queryByTestId('streaming-text')).not.toBeInTheDocument());
    const final = screen.getByText('Done.').closest('.message')!.querySelector('pre code')!;
    expect(final).toHaveClass('hljs', 'language-ts');
    expect(final.textContent).toBe(`${streamed}let half = 0;\n`);
    highlight.mockRestore();
  });
});
