import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/threads';
import { createFakeHost, makeThread, type FakeHost } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

async function openThread(messages: ChatMessage[] = []): Promise<{ host: FakeHost; box: HTMLTextAreaElement }> {
  const host = createFakeHost({ threads: [makeThread(T, 'Work', messages)] });
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  return { host, box: screen.getByLabelText('Message') as HTMLTextAreaElement };
}

/** A turn of the thread starts running (as the host's events say). */
function startTurn(host: FakeHost): void {
  act(() => {
    host.emit('turnEvent', { threadId: T, turnId: 'running', type: 'started', startedAt: 1 });
  });
}

describe('composer: the message queue', () => {
  it('during a turn, Enter queues the message above the text box instead of sending it', async () => {
    const { host, box } = await openThread();
    startTurn(host);
    expect(box).toHaveAttribute('placeholder', expect.stringMatching(/queue/));
    await userEvent.type(box, 'next question{Enter}');
    const queue = await screen.findByTestId('message-queue');
    expect(within(queue).getByTestId('queued-message')).toHaveTextContent('next question');
    expect(queue).toHaveTextContent('sent in order when Claude finishes');
    expect(host.callsTo('sendMessage')).toEqual([]);
    expect(host.callsTo('queueMessage')).toEqual([expect.objectContaining({ threadId: T, text: 'next question' })]);
    expect(box.value).toBe('');
  });

  it('a queued message is edited in place, removed, or sent now', async () => {
    const { host, box } = await openThread();
    startTurn(host);
    await userEvent.type(box, 'frist{Enter}');
    await userEvent.type(box, 'second{Enter}');
    const queue = await screen.findByTestId('message-queue');
    await waitFor(() => expect(within(queue).getAllByTestId('queued-message')).toHaveLength(2));
    await userEvent.click(within(queue).getByRole('button', { name: 'Edit queued message 1' }));
    const editor = within(queue).getByRole('textbox', { name: 'Edit queued message' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'first{Enter}');
    await waitFor(() => expect(within(queue).getAllByTestId('queued-message')[0]).toHaveTextContent('first'));
    expect(host.callsTo('editQueuedMessage')).toEqual([expect.objectContaining({ text: 'first' })]);
    await userEvent.click(within(queue).getByRole('button', { name: 'Remove queued message 2' }));
    await waitFor(() => expect(within(queue).getAllByTestId('queued-message')).toHaveLength(1));
    await userEvent.click(within(queue).getByRole('button', { name: /Send now/ }));
    await waitFor(() => expect(screen.queryByTestId('message-queue')).not.toBeInTheDocument());
    expect(host.callsTo('sendQueuedNow')).toHaveLength(1);
  });

  it('Esc in the editor cancels the edit and does not stop the turn', async () => {
    const { host, box } = await openThread();
    startTurn(host);
    await userEvent.type(box, 'keep me{Enter}');
    const queue = await screen.findByTestId('message-queue');
    await userEvent.click(within(queue).getByRole('button', { name: 'Edit queued message 1' }));
    await userEvent.type(within(queue).getByRole('textbox', { name: 'Edit queued message' }), ' changed{Escape}');
    expect(within(queue).getByTestId('queued-message')).toHaveTextContent(/^1keep me/);
    expect(host.callsTo('stopTurn')).toEqual([]);
    expect(host.callsTo('editQueuedMessage')).toEqual([]);
  });

  it('says why a held queue is not going, and a refused queue keeps the text in the composer', async () => {
    const { host, box } = await openThread();
    act(() =>
      host.emit('queueChanged', { threadId: T, items: [{ id: 'q1', text: 'waiting', createdAt: 1 }], hold: 'failed' }),
    );
    expect(await screen.findByTestId('message-queue')).toHaveTextContent('the turn failed, so nothing was sent');
    startTurn(host);
    host.handle('queueMessage', () => {
      throw new Error('This thread no longer exists.');
    });
    await userEvent.type(box, 'do not lose me{Enter}');
    await waitFor(() => expect(box.value).toBe('do not lose me'));
    expect(await screen.findByText(/could not be queued: This thread no longer exists/)).toBeInTheDocument();
  });

  it('at the plan limit the queue says it waits for the reset and when its messages go', async () => {
    const { host } = await openThread();
    const resumesAt = new Date(2030, 0, 1, 14, 21).getTime();
    act(() =>
      host.emit('queueChanged', {
        threadId: T,
        items: [
          { id: 'q1', text: 'one', createdAt: 1 },
          { id: 'q2', text: 'two', createdAt: 2 },
        ],
        hold: 'limit',
        resumesAt,
      }),
    );
    const queue = await screen.findByTestId('message-queue');
    expect(queue).toHaveTextContent(
      /2 messages queued · plan limit reached: they go on 1 Jan at 14:21, after the reset/,
    );
    // Each can still go at once, on the user's word.
    expect(within(queue).getAllByRole('button', { name: /Send now/ })).toHaveLength(2);
  });

  it('↑ in the empty composer takes the last queued message back for editing, else recalls what was sent', async () => {
    const sent: ChatMessage[] = [
      { id: 'u1', role: 'user', createdAt: 1, text: 'older question' },
      { id: 'u2', role: 'user', createdAt: 2, text: 'latest question' },
    ];
    const { host, box } = await openThread(sent);
    await userEvent.click(box);
    await userEvent.keyboard('{ArrowUp}');
    expect(box.value).toBe('latest question');
    await userEvent.keyboard('{ArrowUp}');
    expect(box.value).toBe('older question');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.value).toBe('');
    startTurn(host);
    await userEvent.type(box, 'queued one{Enter}');
    await screen.findByTestId('message-queue');
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(box.value).toBe('queued one'));
    await waitFor(() => expect(screen.queryByTestId('message-queue')).not.toBeInTheDocument());
    expect(host.callsTo('removeQueuedMessage')).toHaveLength(1);
  });
});

describe('composer: the attach button', () => {
  it('attaches picked images and text files as chips; a text file goes into the message under its name', async () => {
    const { host, box } = await openThread();
    const input = screen.getByTestId('attach-input');
    await userEvent.click(screen.getByRole('button', { name: 'Attach images or files' }));
    await userEvent.upload(input, [
      new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' }),
      new File(['const a = 1;\n'], 'a.ts', { type: 'video/mp2t' }),
    ]);
    const chips = await screen.findAllByTestId('attachment');
    expect(chips.map((c) => c.textContent?.trim())).toEqual(['shot.png', 'a.ts · 1 line']);
    await userEvent.type(box, 'What does this do?{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    expect(host.callsTo('sendMessage')[0]).toMatchObject({
      text: 'What does this do?\n\na.ts:\n```attached\nconst a = 1;\n```',
      images: [{ mediaType: 'image/png', name: 'shot.png' }],
    });
    expect(screen.queryAllByTestId('attachment')).toHaveLength(0);
  });
});
