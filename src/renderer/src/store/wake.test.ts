import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiForTests } from '../api';
import { createFakeHost, makeThread } from '../test-support/fake-api';
import type { AssistantMessage, UserMessage } from '../../../shared/threads';
import { connectBridge } from './bridge';
import { createDeskStore } from './desk-store';
import { isThreadBusy, shownMessage } from './turn-selectors';

const flush = () => new Promise((r) => setTimeout(r, 0));
const bridges: (() => void)[] = [];
afterEach(() => {
  bridges.splice(0).forEach((off) => off());
  vi.useRealTimers();
});

const user: UserMessage = { id: 'u1', role: 'user', createdAt: 1, text: 'hi' };

/**
 * A phone's page asleep mid-turn: the socket stays "open" but hears nothing, and the turn ends meanwhile. Waking
 * (pageshow from the back-forward cache, the network back) catches up without a reload.
 */
describe.each(['pageshow', 'online'] as const)('a page that wakes (%s)', (wake) => {
  it('shows the turn that finished while it slept whole, no longer running, and reads an open board again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const host = createFakeHost({ threads: [makeThread('t', 'Work', [user])] });
    setApiForTests(host.api);
    const store = createDeskStore();
    bridges.push(connectBridge(store, host.api));
    await flush();
    await store.getState().selectThread('t');
    host.emit('turnEvent', { threadId: 't', turnId: 'T1', type: 'started', startedAt: 1 });
    host.emit('turnEvent', { threadId: 't', turnId: 'T1', type: 'text_delta', messageId: 'm', text: 'Half ' });
    // The streamed text is on screen (it is applied once per frame) before the page sleeps.
    await vi.waitFor(() => expect(JSON.stringify(shownMessage(store.getState(), 'T1'))).toContain('Half '));
    store.getState().setView('board');
    await flush();
    const boards = host.callsTo('getBoard').length;

    // Asleep: the host finished the turn; the page heard nothing of it.
    const done: AssistantMessage = {
      id: 'T1',
      role: 'assistant',
      createdAt: 2,
      status: 'done',
      parts: [{ kind: 'text', text: 'Half of it, and the rest.', messageId: 'm' }],
    };
    host.threads[0]!.messages.push(done);
    host.threads[0]!.updatedAt += 60_000;
    vi.setSystemTime(Date.now() + 60_000);

    window.dispatchEvent(new Event(wake));
    await vi.waitFor(() =>
      expect((store.getState().messages['T1'] as AssistantMessage | undefined)?.parts[0]).toMatchObject({
        text: 'Half of it, and the rest.',
      }),
    );
    await vi.waitFor(() => expect(isThreadBusy(store.getState().inFlight, 't')).toBe(false));
    expect(host.callsTo('getBoard').length).toBeGreaterThan(boards);
  });
});
