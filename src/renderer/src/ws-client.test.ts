import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyDeviceAuth } from './api';
import { createWsApi } from './ws-client';

/** A WebSocket the test opens and closes by hand; it records what the page sent. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  close() {
    this.drop();
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const names = (s: FakeSocket) => s.sent.map((f) => (JSON.parse(f) as { name: string }).name);

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ws-client', () => {
  it('a call rejected when the connection drops is never sent after the reconnect', async () => {
    const api = createWsApi('tok');
    latest().open();
    latest().drop(); // down: the next call is queued
    const send = api.sendMessage({ threadId: 't', text: 'hello' });
    latest().drop(); // the reconnect attempt fails too: the queued call is rejected
    await expect(send).rejects.toThrow(/Lost the connection/);
    await vi.runOnlyPendingTimersAsync();
    latest().open();
    expect(names(latest())).not.toContain('sendMessage');
  });

  it('tells the store it is reconnecting, then connected again', async () => {
    const api = createWsApi('tok');
    const notices: string[] = [];
    api.on('connection', (c) => notices.push(c.state));
    latest().open();
    latest().drop();
    await vi.runOnlyPendingTimersAsync();
    latest().open();
    expect(notices).toEqual(['online', 'reconnecting', 'online']);
  });

  it('without a token it says the page must be opened from the printed address, and stops trying', async () => {
    const api = createWsApi(null);
    const notices: string[] = [];
    api.on('connection', (c) => notices.push(c.state));
    latest().drop();
    await vi.runOnlyPendingTimersAsync();
    expect(notices).toEqual(['refused']);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('a token the host keeps refusing is reported as refused after a few attempts', async () => {
    const api = createWsApi('old-token');
    const notices: string[] = [];
    api.on('connection', (c) => notices.push(c.state));
    for (let i = 0; i < 3; i++) {
      latest().drop();
      await vi.runOnlyPendingTimersAsync();
    }
    expect(notices.at(-1)).toBe('refused');
  });

  it("a phone whose key's code failed to load (the network dropped) tries again, and signs in", async () => {
    let fail = true;
    const loads = { count: 0 };
    const auth = lazyDeviceAuth(async () => {
      loads.count++;
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return { deviceAuthFrame: async (nonce: string) => ({ kind: 'auth', signed: nonce }) };
    });
    const api = createWsApi(null, auth);
    const notices: string[] = [];
    api.on('connection', (c) => notices.push(c.state));
    latest().open();
    latest().onmessage?.({ data: JSON.stringify({ kind: 'hello', nonce: 'n1' }) });
    await vi.waitFor(() => expect(latest().readyState).toBe(3));
    expect(notices).toEqual(['reconnecting']);
    fail = false;
    await vi.runOnlyPendingTimersAsync();
    latest().open();
    latest().onmessage?.({ data: JSON.stringify({ kind: 'hello', nonce: 'n2' }) });
    await vi.waitFor(() => expect(latest().sent).toEqual([JSON.stringify({ kind: 'auth', signed: 'n2' })]));
    latest().onmessage?.({ data: JSON.stringify({ kind: 'authed' }) });
    expect(notices).toEqual(['reconnecting', 'online']);
    expect(loads.count).toBe(2);
  });

  it.each(['online', 'focus', 'pageshow', 'visibilitychange'])(
    'a page that wakes (%s) reconnects at once, not at the backoff’s next try',
    async (wake) => {
      createWsApi('tok');
      latest().open();
      // Asleep, off the network: every try fails and the wait between tries grows (to 5 s).
      for (let i = 0; i < 6; i++) {
        latest().drop();
        await vi.runOnlyPendingTimersAsync();
      }
      latest().drop();
      const tries = FakeSocket.all.length;
      (wake === 'visibilitychange' ? document : window).dispatchEvent(new Event(wake));
      expect(FakeSocket.all).toHaveLength(tries + 1);
      latest().open();
      // The try the backoff had planned is not made as well.
      await vi.runOnlyPendingTimersAsync();
      expect(FakeSocket.all).toHaveLength(tries + 1);
    },
  );

  it('a wake while connected, or once refused for good, opens nothing', async () => {
    createWsApi('tok');
    latest().open();
    window.dispatchEvent(new Event('focus'));
    expect(FakeSocket.all).toHaveLength(1);
    createWsApi(null);
    latest().drop();
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);
  });
});
