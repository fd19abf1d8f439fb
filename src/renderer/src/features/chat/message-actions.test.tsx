import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/threads';
import { newAssistantMessage } from '../../../../shared/turn-reducer';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';
import { answerMarkdown } from './message-actions';

const T = 'th-1';
let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

const answer = (id: string, text: string, at: number): ChatMessage => ({
  ...newAssistantMessage(id, at),
  status: 'done',
  parts: [{ kind: 'text', text }],
});

async function openThread() {
  const at = new Date(2026, 2, 3, 14, 5).getTime();
  const messages: ChatMessage[] = [
    { id: 'u1', role: 'user', createdAt: at, text: 'first' },
    answer('a1', 'one', at + 1),
    { id: 'u2', role: 'user', createdAt: at + 2, text: 'second' },
    answer('a2', '**two**', at + 3),
  ];
  const host = createFakeHost({ threads: [makeThread(T, 'Work', messages)] });
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  await screen.findAllByTestId('user-message');
  return host;
}

describe('message actions', () => {
  it('Edit & resend sends the edited text from that message; Esc leaves it as it was', async () => {
    const host = await openThread();
    const first = screen.getAllByTestId('user-message')[0]!;
    expect(within(first).getByTestId('message-time')).toHaveAttribute(
      'dateTime',
      expect.stringContaining('2026-03-03'),
    );
    await userEvent.click(within(first).getByRole('button', { name: /Edit & resend/ }));
    await userEvent.type(within(first).getByRole('textbox', { name: 'Edit message' }), ' more{Escape}');
    expect(first).toHaveTextContent('first');
    expect(host.callsTo('resendFrom')).toEqual([]);
    await userEvent.click(within(first).getByRole('button', { name: /Edit & resend/ }));
    const editor = within(first).getByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'first, better{Enter}');
    await waitFor(() =>
      expect(host.callsTo('resendFrom')).toEqual([
        { threadId: T, messageId: 'u1', text: 'first, better', kind: 'edit' },
      ]),
    );
  });

  it('only the last answer offers Regenerate, which asks again from its message', async () => {
    const host = await openThread();
    const [older, last] = screen.getAllByTestId('assistant-message');
    expect(within(older!).queryByRole('button', { name: /Regenerate/ })).not.toBeInTheDocument();
    expect(within(older!).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await userEvent.click(within(last!).getByRole('button', { name: /Regenerate/ }));
    await waitFor(() =>
      expect(host.callsTo('resendFrom')).toEqual([{ threadId: T, messageId: 'u2', kind: 'regenerate' }]),
    );
  });

  it('while a turn runs, Edit & resend waits', async () => {
    const host = await openThread();
    act(() => host.emit('turnEvent', { threadId: T, turnId: 'r', type: 'started', startedAt: 1 }));
    const first = screen.getAllByTestId('user-message')[0]!;
    await waitFor(() => expect(within(first).getByRole('button', { name: /Edit & resend/ })).toBeDisabled());
  });

  it('Copy takes the answer as Markdown: its text parts, not tools or thinking', () => {
    const m = {
      ...newAssistantMessage('a', 1),
      parts: [
        { kind: 'thinking' as const, text: 'hmm' },
        { kind: 'text' as const, text: 'Intro ' },
        { kind: 'text' as const, text: '`code`' },
      ],
    };
    expect(answerMarkdown(m)).toBe('Intro\n\n`code`');
  });
});
