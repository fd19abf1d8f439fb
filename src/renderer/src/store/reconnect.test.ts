import { describe, expect, it } from 'vitest';
import { setApiForTests } from '../api';
import { createFakeHost, makeThread } from '../test-support/fake-api';
import type { AssistantMessage, UserMessage } from '../../../shared/threads';
import type { TurnEvent } from '../../../shared/turn-events';
import { createDeskStore } from './desk-store';
import { isThreadBusy, shownMessage } from './turn-selectors';

const user: UserMessage = { id: 'u1', role: 'user', createdAt: 1, text: 'hi' };

/** A turn streams one delta, then the connection drops while the host streams on. */
async function midTurn() {
  const host = createFakeHost({ threads: [makeThread('t', 'Work', [user])] });
  setApiForTests(host.api);
  const store = createDeskStore();
  await store.getState().selectThread('t');
  const ev = (e: object) => store.getState().handleTurnEvent({ threadId: 't', turnId: 'T1', ...e } as TurnEvent);
  ev({ type: 'started', startedAt: 1 });
  ev({ type: 'text_delta', messageId: 'm', text: 'w00 ' });
  const hostCopy = (status: AssistantMessage['status'], text: string): AssistantMessage => ({
    id: 'T1',
    role: 'assistant',
    createdAt: 2,
    status,
    parts: [{ kind: 'text', text, messageId: 'm' }],
  });
  return { host, store, ev, hostCopy };
}

describe('reconnect (browser mode): the host copy of a turn wins', () => {
  it('a turn that ended while the socket was down shows its full answer and is no longer running', async () => {
    const { host, store, hostCopy } = await midTurn();
    host.threads[0]!.messages.push(hostCopy('done', 'w00 w01 w02 '));
    await store.getState().reloadActiveThread(); // what the bridge's resync does after a reconnect
    const s = store.getState();
    const shown = s.messages.T1 as AssistantMessage;
    expect(shown.status).toBe('done');
    expect(shown.parts[0]).toMatchObject({ text: 'w00 w01 w02 ' });
    expect(isThreadBusy(s.inFlight, 't')).toBe(false);
    expect(s.live).toEqual({});
  });

  it('a turn still running takes the host text, and later deltas append to it', async () => {
    const { host, store, ev, hostCopy } = await midTurn();
    host.threads[0]!.messages.push(hostCopy('running', 'w00 w01 '));
    await store.getState().reloadActiveThread();
    ev({ type: 'text_delta', messageId: 'm', text: 'w02 ' });
    const s = store.getState();
    expect((shownMessage(s, 'T1') as AssistantMessage).parts[0]).toMatchObject({ text: 'w00 w01 w02 ' });
    expect(isThreadBusy(s.inFlight, 't')).toBe(true);
    ev({ type: 'finished', status: 'done' });
    expect(isThreadBusy(store.getState().inFlight, 't')).toBe(false);
    // At its end the thread's record holds the whole answer.
    expect((store.getState().messages.T1 as AssistantMessage).parts[0]).toMatchObject({ text: 'w00 w01 w02 ' });
  });
});

describe('reconnect: turns of other threads', () => {
  it('a background turn that ended unseen stops showing as running', async () => {
    const { host, store, hostCopy } = await midTurn();
    host.threads.push(makeThread('other', 'Other'));
    await store.getState().selectThread('other');
    expect(isThreadBusy(store.getState().inFlight, 't')).toBe(true);
    host.threads[0]!.messages.push(hostCopy('done', 'w00 w01 '));
    await store.getState().resyncBackgroundTurns();
    expect(isThreadBusy(store.getState().inFlight, 't')).toBe(false);
  });
});
