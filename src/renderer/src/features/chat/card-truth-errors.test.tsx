import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TurnEvent, WithheldReason } from '../../../../shared/turn-events';
import { createFakeHost, makeThread, type FakeHost } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
type Body = TurnEvent extends infer E ? (E extends unknown ? Omit<E, 'threadId' | 'turnId'> : never) : never;

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

async function sendInThread(text: string): Promise<{ host: FakeHost; emit: (body: Body) => void }> {
  const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  await userEvent.type(screen.getByLabelText('Message'), `${text}{Enter}`);
  await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
  const emit = (body: Body) =>
    act(() => host.emit('turnEvent', { threadId: T, turnId: 'turn-1', ...body } as TurnEvent));
  return { host, emit };
}

/** The CLI's refusal of a withheld tool (recorded case 56). */
const refusal = (tool: string) =>
  `<tool_use_error>Error: No such tool available: ${tool}. ${tool} is disabled for this session, in subagents as well as here.</tool_use_error>`;

async function refusedCall(tool: string, reason: WithheldReason, input: Record<string, unknown>) {
  const { host, emit } = await sendInThread('Look around');
  emit({ type: 'started', startedAt: Date.now() });
  emit({ type: 'tool_call', toolUseId: 'toolu_1', name: tool, input });
  emit({
    type: 'tool_result',
    toolUseId: 'toolu_1',
    content: refusal(tool),
    isError: true,
    detail: { kind: 'withheld', reason },
  });
  emit({ type: 'text', messageId: 'm1', text: 'I cannot run that here.' });
  emit({ type: 'finished', status: 'done' });
  const card = await screen.findByTestId('tool-card');
  return { host, card };
}

describe('a tool Accept edits withholds says why, and offers Ask', () => {
  it.each([
    ['Bash', 'shell', { command: 'npm test', description: 'Run the tests' }, 'Shell commands are off in Accept edits'],
    ['Agent', 'subagents', { description: 'Look around', prompt: 'List files' }, 'Sub-agents are off in Accept edits'],
    ['WebFetch', 'web', { url: 'https://example.com', prompt: 'Sum up' }, 'Web access is off in Accept edits'],
  ] as const)('%s: the card says so instead of a bare "Error"', async (tool, reason, input, sentence) => {
    const { card } = await refusedCall(tool, reason, input);
    expect(within(card).getByTestId('tool-state')).not.toHaveTextContent(/^Error$/);
    expect(within(card).getByTestId('tool-state')).toHaveTextContent('Off in Accept edits');
    expect(within(card).getByTestId('tool-withheld')).toHaveTextContent(sentence);
    // The refusal's raw text is not shown as if the tool had run and printed it.
    expect(card).not.toHaveTextContent('tool_use_error');
  });

  it('"Switch to Ask and retry" sets this thread to Ask, then sends the message again', async () => {
    const { host, card } = await refusedCall('Bash', 'shell', { command: 'npm test' });
    const sent = (host.callsTo('sendMessage') as { messageId: string }[])[0]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Switch to Ask and retry' }));
    await waitFor(() =>
      expect(host.callsTo('resendFrom')).toEqual([{ threadId: T, messageId: sent.messageId, kind: 'retry' }]),
    );
    expect(host.callsTo('updateThreadSettings')).toEqual([{ threadId: T, settings: { permissionMode: 'ask' } }]);
  });
});

describe('a conversation longer than the context window', () => {
  async function tooLong() {
    const { host, emit } = await sendInThread('Now the whole log');
    emit({ type: 'started', startedAt: Date.now() });
    emit({
      type: 'error',
      error: {
        kind: 'context_too_long',
        message: "This conversation is longer than the model's context window, so Claude could not answer.",
        hint: 'Compact it, or start a new thread that begins with a summary of this one.',
      },
    });
    emit({ type: 'finished', status: 'failed' });
    return { host, failed: await screen.findByTestId('turn-failed') };
  }

  it('says what happened, offers Compact and a new thread — and no Retry that cannot succeed', async () => {
    const { failed } = await tooLong();
    expect(failed).toHaveTextContent("This conversation is longer than the model's context window");
    expect(failed).not.toHaveTextContent('Something went wrong');
    expect(within(failed).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Compact' })).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'New thread with a summary' })).toBeInTheDocument();
  });

  it('Compact runs /compact in this thread', async () => {
    const { host, failed } = await tooLong();
    await userEvent.click(within(failed).getByRole('button', { name: 'Compact' }));
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(2));
    expect(host.callsTo('sendMessage')[1]).toMatchObject({ threadId: T, text: '/compact' });
  });

  it('New thread with a summary opens a new thread whose composer asks for a summary of this one', async () => {
    const { host, failed } = await tooLong();
    await userEvent.click(within(failed).getByRole('button', { name: 'New thread with a summary' }));
    await waitFor(() => expect(host.callsTo('createThread')).toHaveLength(1));
    const box = screen.getByLabelText('Message');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toMatch(/^Summarize this earlier conversation/));
    expect((box as HTMLTextAreaElement).value).toContain('User: Now the whole log');
    // Nothing is sent until the user reads it and presses Send.
    expect(host.callsTo('sendMessage')).toHaveLength(1);
  });
});
