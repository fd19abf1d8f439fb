import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiForTests } from '../api';
import { createFakeHost, makeThread } from '../test-support/fake-api';
import type { ChatMessage } from '../../../shared/threads';
import { connectBridge } from './bridge';
import { createDeskStore } from './desk-store';
import { mergeFetched } from './merge-messages';
import { shownMessage } from './turn-selectors';

const flush = () => new Promise((r) => setTimeout(r, 0));

// Every bridge listens on the one window: each test's is torn down, so a focus reaches only the current one.
const bridges: (() => void)[] = [];
afterEach(() => bridges.splice(0).forEach((off) => off()));

function setup(messages: ChatMessage[] = [], deps = {}) {
  const host = createFakeHost({ threads: [makeThread('t', 'Work', messages)] });
  setApiForTests(host.api);
  const store = createDeskStore(deps);
  const off = connectBridge(store, host.api);
  bridges.push(off);
  return { host, store, off };
}

describe('bridge', () => {
  it('loads the basics once, refreshes the list on threadsChanged, and unsubscribes cleanly', async () => {
    const { host, store, off } = setup();
    await flush();
    expect(host.callsTo('listThreads')).toHaveLength(1);
    expect(store.getState().appInfo?.dataDir).toBe('/data/desk');
    expect(store.getState().overview?.cli.status).toBe('ok');
    host.emit('threadsChanged', {});
    await flush();
    expect(host.callsTo('listThreads')).toHaveLength(2);
    off();
    host.emit('threadsChanged', {});
    await flush();
    expect(host.callsTo('listThreads')).toHaveLength(2);
  });

  it('re-fetches the active thread after a reconnect (events may have been missed)', async () => {
    const { host, store } = setup([{ id: 'u1', role: 'user', createdAt: 1, text: 'hi' }]);
    await flush();
    await store.getState().selectThread('t');
    expect(host.callsTo('getThread')).toHaveLength(1);
    host.emit('connection', { state: 'online' }); // first connect: nothing missed
    await flush();
    expect(host.callsTo('getThread')).toHaveLength(1);
    host.threads[0]!.messages.push({ id: 'u2', role: 'user', createdAt: 2, text: 'sent from another tab' });
    host.emit('connection', { state: 'online' });
    await flush();
    expect(host.callsTo('getThread')).toHaveLength(2);
    expect(store.getState().messageIds).toEqual(['u1', 'u2']);
  });

  it('shows host notices, and status/settings pushes update the store', async () => {
    const { host, store } = setup();
    await flush();
    host.emit('notice', { level: 'warning', message: 'Sandbox unavailable' });
    expect(store.getState().notices.map((n) => n.message)).toEqual(['Sandbox unavailable']);
    host.emit('settingsChanged', { ...host.settings, permissionMode: 'bypassPermissions' });
    expect(store.getState().settings?.permissionMode).toBe('bypassPermissions');
  });

  it('notifies when a turn finishes or needs the user while the window is hidden', async () => {
    const notify = vi.fn();
    let hidden = false;
    const { host } = setup([], { notify, isHidden: () => hidden });
    await flush();
    const base = { threadId: 't', turnId: 'x' };
    host.emit('turnEvent', { ...base, type: 'finished', status: 'done' });
    expect(notify).not.toHaveBeenCalled();
    hidden = true;
    host.emit('turnEvent', {
      ...base,
      turnId: 'y',
      type: 'error',
      error: { kind: 'auth_required', message: 'Not logged in' },
    });
    host.emit('turnEvent', { ...base, turnId: 'z', type: 'finished', status: 'done' });
    expect(notify.mock.calls).toEqual([
      ['Work', 'Claude Code needs you to log in.'],
      ['Work', 'Claude finished answering.'],
    ]);
  });
  it('a focus reloads the list but fetches the open thread only when the list says it changed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { host, store } = setup([{ id: 'u1', role: 'user', createdAt: 1, text: 'hi' }]);
      await flush();
      await store.getState().selectThread('t');
      expect(host.callsTo('getThread')).toHaveLength(1);
      const lists = host.callsTo('listThreads').length;
      window.dispatchEvent(new Event('focus'));
      await vi.waitFor(() => expect(host.callsTo('listThreads').length).toBeGreaterThan(lists));
      await flush();
      expect(host.callsTo('getThread')).toHaveLength(1);

      // Changed elsewhere (the list's updatedAt moved): the next focus fetches it.
      const thread = host.threads[0]!;
      thread.messages.push({ id: 'u2', role: 'user', createdAt: 2, text: 'from another window' });
      thread.updatedAt += 1000;
      vi.setSystemTime(Date.now() + 5000);
      window.dispatchEvent(new Event('focus'));
      await vi.waitFor(() => expect(host.callsTo('getThread')).toHaveLength(2));
      await vi.waitFor(() => expect(store.getState().messageIds).toEqual(['u1', 'u2']));
    } finally {
      vi.useRealTimers();
    }
  });

  it('streamed text waits for the next frame, a turn event of another kind applies it and itself at once', async () => {
    const { host, store } = setup([{ id: 'u1', role: 'user', createdAt: 1, text: 'hi' }]);
    await flush();
    await store.getState().selectThread('t');
    const base = { threadId: 't', turnId: 'T' };
    host.emit('turnEvent', { ...base, type: 'started', startedAt: 1 });
    expect(store.getState().inFlight['T']?.status).toBe('running');
    host.emit('turnEvent', { ...base, type: 'text_delta', messageId: 'm', text: 'Hel' });
    host.emit('turnEvent', { ...base, type: 'text_delta', messageId: 'm', text: 'lo' });
    const text = () => {
      const m = shownMessage(store.getState(), 'T');
      return m?.role === 'assistant' ? m.parts.map((p) => ('text' in p ? p.text : '')).join('') : undefined;
    };
    await vi.waitFor(() => expect(text()).toBe('Hello'));
    host.emit('turnEvent', { ...base, type: 'text_delta', messageId: 'm', text: ' there' });
    host.emit('turnEvent', { ...base, type: 'finished', status: 'done' });
    // In order: the delta before the end is part of the answer, and the turn is no longer running.
    expect(text()).toBe('Hello there');
    expect(store.getState().inFlight['T']).toBeUndefined();
    expect(store.getState().messageIds).toEqual(['u1', 'T']);
  });
});

describe('bridge: split panes', () => {
  it("the window's stores (one per pane) get their streamed text in one frame, each its own, in order", async () => {
    const host = createFakeHost({
      threads: [makeThread('a', 'One', []), makeThread('b', 'Two', [])],
    });
    setApiForTests(host.api);
    // A window of the test's own (its frames run by hand), so no earlier test's batch timing carries over.
    const frames: FrameRequestCallback[] = [];
    const own: Record<string, unknown> = {
      requestAnimationFrame: (cb: FrameRequestCallback) => frames.push(cb),
      cancelAnimationFrame: (id: number) => {
        frames[id - 1] = () => {};
      },
    };
    const win = new Proxy(window, {
      get: (target, key: string) => {
        if (key in own) return own[key];
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const main = createDeskStore({});
    const pane = createDeskStore({});
    bridges.push(connectBridge(main, host.api, win), connectBridge(pane, host.api, win, { pane: true }));
    await flush();
    await main.getState().selectThread('a');
    await pane.getState().selectThread('b');
    // (No start first: its flush would make the first batch wait out the gap after it.)
    const delta = (t: string, text: string) =>
      host.emit('turnEvent', { threadId: t, turnId: `T${t}`, type: 'text_delta', messageId: `m${t}`, text });
    delta('a', 'one ');
    delta('b', 'two ');
    delta('a', 'more');
    delta('b', 'more');
    const text = (store: typeof main, turnId: string) => {
      const m = shownMessage(store.getState(), turnId);
      return m?.role === 'assistant' ? m.parts.map((p) => ('text' in p ? p.text : '')).join('') : undefined;
    };
    // One frame asked for the window, not one per pane: both panes' text shows in it.
    expect(frames).toHaveLength(1);
    frames.splice(0).forEach((f) => f(0));
    expect(text(main, 'Ta')).toBe('one more');
    expect(text(pane, 'Tb')).toBe('two more');
    // Another turn's first words right after that batch: at the next frame, not after the gap between batches.
    delta('a', ' and on');
    host.emit('turnEvent', { threadId: 'b', turnId: 'Tb2', type: 'text_delta', messageId: 'mb2', text: 'new' });
    expect(frames).toHaveLength(1);
    frames.splice(0).forEach((f) => f(0));
    expect(text(pane, 'Tb2')).toBe('new');
    expect(text(main, 'Ta')).toBe('one more and on');
    // A turn's end in one pane applies what the other had pending too, once.
    delta('b', ' still');
    host.emit('turnEvent', { threadId: 'a', turnId: 'Ta', type: 'finished', status: 'done' });
    expect(text(pane, 'Tb')).toBe('two more still');
    frames.splice(0).forEach((f) => f(0));
    expect(text(pane, 'Tb')).toBe('two more still');
    expect(pane.getState().messageIds).toEqual(['Tb', 'Tb2']);
  });
});

describe('mergeFetched', () => {
  it('keeps unchanged messages by identity and prefers the live copy of a turn in flight', () => {
    const u1: ChatMessage = { id: 'u1', role: 'user', createdAt: 1, text: 'a' };
    const a1: ChatMessage = {
      id: 'a1',
      role: 'assistant',
      createdAt: 2,
      status: 'done',
      parts: [{ kind: 'text', text: 'b' }],
    };
    const prev = { messageIds: ['u1', 'a1'], messages: { u1, a1 } };
    const same = mergeFetched([{ ...u1 }, JSON.parse(JSON.stringify(a1))], prev, []);
    expect(same).toBe(prev);

    const live = {
      id: 'a2',
      role: 'assistant' as const,
      createdAt: 3,
      status: 'running' as const,
      parts: [{ kind: 'text' as const, text: 'stre' }],
    };
    // A just-sent message the host has not stored yet (it has our id) stays until the host lists it.
    const sent: ChatMessage = { id: 'u2', role: 'user', createdAt: 3, text: 'a' };
    const withSent = { messageIds: ['u1', 'a1', 'u2', 'a2'], messages: { u1, a1, u2: sent, a2: live } };
    const merged = mergeFetched([u1, a1], withSent, [live]);
    expect(merged.messageIds).toEqual(['u1', 'a1', 'u2', 'a2']);
    // Same text as an earlier message: matched by id, not by text (the old rule dropped it).
    expect(merged.messages.u2).toBe(sent);
    const saved = mergeFetched([u1, a1, { ...sent }], merged, [live]);
    expect(saved.messageIds).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(merged.messages.a2).toBe(live);
    expect(merged.messages.u1).toBe(u1);
  });

  it("holds a just-sent turn's start until its first words, but not another turn's, and lets it go on a reconnect", async () => {
    const { host, store } = setup();
    await flush();
    await store.getState().selectThread('t');
    host.handle('sendMessage', (input) => ({ turnId: (input as { turnId: string }).turnId, messageId: 'm' }));
    await store.getState().sendMessage('hello');
    const { turnId } = host.callsTo('sendMessage')[0] as { turnId: string };
    const status = (id: string) => store.getState().inFlight[id]?.status;

    host.emit('turnEvent', { threadId: 't', turnId, type: 'started', startedAt: 1 });
    expect(status(turnId)).toBe('queued'); // held: the CLI is racing to its request
    host.emit('turnEvent', { threadId: 't', turnId: 'other', type: 'started', startedAt: 1 });
    expect(status('other')).toBe('running'); // not this window's send: at once
    host.emit('turnEvent', { threadId: 't', turnId, type: 'message_start', messageId: 'msg' });
    host.emit('turnEvent', { threadId: 't', turnId, type: 'tool_call', toolUseId: 'x', name: 'Read', input: {} });
    expect(status(turnId)).toBe('running'); // its answer began: the held events came first, in order

    // The next send's start is held again; a reconnect lets it go before the resync reads the host.
    await store.getState().sendMessage('again');
    const next = (host.callsTo('sendMessage')[1] as { turnId: string }).turnId;
    host.emit('turnEvent', { threadId: 't', turnId: next, type: 'started', startedAt: 2 });
    expect(status(next)).toBe('queued');
    host.emit('connection', { state: 'online' });
    expect(status(next)).toBe('running');
  });
});
