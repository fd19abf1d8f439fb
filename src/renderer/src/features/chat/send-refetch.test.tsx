import { act, screen, waitFor } from '@testing-library/react';
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

/** A thread of `pairs` questions and answers: each user row on screen once asked for its branches. */
function conversation(pairs: number): ChatMessage[] {
  return Array.from({ length: pairs }, (_, i): ChatMessage[] => [
    { id: `u${i}`, role: 'user', createdAt: 10 + i * 2, text: `question ${i}` },
    {
      id: `a${i}`,
      role: 'assistant',
      createdAt: 11 + i * 2,
      status: 'done',
      parts: [{ kind: 'text', text: `answer ${i}` }],
    },
  ]).flat();
}

/** Calls that read the thread being answered back from the host. */
const reads = (host: FakeHost): number =>
  host.calls.filter(
    (c) => (c.name === 'getThread' || c.name === 'listBranches') && (c.input as { threadId?: string }).threadId === T,
  ).length;

/**
 * The host's side of a send, in the order the real one pushes it: the user line's echo and the answer's
 * placeholder before the reply (Electron delivers a pushed event ahead of an invoke's answer), the turn's start
 * and its status snapshot after.
 */
function answerLikeTheHost(host: FakeHost): void {
  host.handle('sendMessage', (input) => {
    const { messageId, text } = input as { messageId: string; text: string };
    host.threads[0]!.messages.push({ id: messageId, role: 'user', createdAt: 100, text });
    host.emit('threadsChanged', { threadId: T, kind: 'message' });
    host.emit('threadsChanged', { threadId: T, kind: 'message' });
    return { turnId: 'turn-new', messageId };
  });
}

describe('sending a message reads nothing back before the first token', () => {
  it('neither getThread nor listBranches for the thread being answered, however many rows are on screen', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work', conversation(6))] });
    answerLikeTheHost(host);
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    await screen.findByText('question 5');
    // The open thread's one read (its branches come with it) is done before the send starts.
    await waitFor(() => expect(host.callsTo('getThread')).toHaveLength(1));
    const before = reads(host);
    const lists = host.callsTo('listThreads').length;

    await userEvent.type(screen.getByLabelText('Message'), 'one more{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    const base = { threadId: T, turnId: 'turn-new' };
    act(() => {
      host.emit('turnEvent', { ...base, type: 'started', startedAt: 101 });
      host.emit('threadsChanged', { threadId: T, kind: 'message' }); // the running snapshot
      host.emit('turnEvent', { ...base, type: 'init', sessionId: 's', model: 'claude', tools: [], mcpServers: [] });
      host.emit('turnEvent', { ...base, type: 'message_start', messageId: 'msg_1' });
    });
    // Whatever the page would fetch on these events has been asked for by now.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(reads(host) - before).toBe(0);
    // The sidebar's refresh waits for the answer's first words, then comes once.
    expect(host.callsTo('listThreads')).toHaveLength(lists);

    act(() => host.emit('turnEvent', { ...base, type: 'text_delta', messageId: 'msg_1', text: 'Sure' }));
    await screen.findByText(/Sure/);
    await waitFor(() => expect(host.callsTo('listThreads')).toHaveLength(lists + 1));
    expect(reads(host) - before).toBe(0);
  });
});
