import type { ConnectionState, DeskApi, EventName } from '../../shared/contract';
import { createApiProxy } from '../../shared/api-proxy';
import { asServerFrame, WEB_SOCKET_PATH, type ClientFrame } from '../../shared/wire';

/**
 * Browser mode's side of the bridge: the same DeskApi over one WebSocket to the loopback host.
 * The token arrives in the address bar once; it is kept in sessionStorage and removed from the URL
 * (so it is not left in history or screenshots). The host also set a same-site HttpOnly cookie.
 */
export function takeTokenFromLocation(loc: Location = window.location, hist: History = window.history): string | null {
  const url = new URL(loc.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem('claude-desk-token', fromUrl);
    url.searchParams.delete('token');
    hist.replaceState(hist.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return sessionStorage.getItem('claude-desk-token');
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/** Attempts that never open, in a row, before we say the page's key is likely wrong (or the host gone). */
const REFUSED_AFTER = 3;

/**
 * Phone access: no token; the socket's first frame is a nonce, answered with the paired device's signature
 * (features/phone/pair-page/device-key.ts). Null: this browser holds no paired device.
 */
export type DeviceAuth = (nonce: string) => Promise<object | null>;

export function createWsApi(token: string | null, deviceAuth?: DeviceAuth): DeskApi {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  let nextId = 1;
  let socket: WebSocket | undefined;
  let retryMs = 250;
  /** The next try, while the socket is down (a wake makes it now). */
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failedInARow = 0;
  /** Phone access: this device is not (or no longer) paired; retrying cannot help. */
  let unpaired = false;

  const connect = (): void => {
    retry = undefined;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const q = token ? `?token=${encodeURIComponent(token)}` : '';
    const ws = new WebSocket(`${proto}//${location.host}${WEB_SOCKET_PATH}${q}`);
    socket = ws;
    let opened = false;
    let ready = false;
    const online = (): void => {
      ready = true;
      retryMs = 250;
      failedInARow = 0;
      for (const frame of queue.splice(0)) ws.send(frame);
      tell('online');
    };
    ws.onopen = () => {
      opened = true;
      if (!deviceAuth) online();
    };
    ws.onmessage = (msg) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(msg.data));
      } catch {
        return; // not a frame of ours
      }
      if (deviceAuth && !ready) {
        const f = parsed as { kind?: string; nonce?: string };
        if (f.kind === 'hello' && typeof f.nonce === 'string') {
          void deviceAuth(f.nonce).then(
            (auth) => (auth ? ws.send(JSON.stringify(auth)) : ((unpaired = true), ws.close())),
            // Could not sign (the key's code did not load, the browser refused): not a verdict on the pairing, so
            // the next connection tries again (a run of failures ends as "refused").
            () => ws.close(),
          );
        } else if (f.kind === 'authed') online();
        else if (f.kind === 'denied') unpaired = true;
        return;
      }
      if (deviceAuth && (parsed as { kind?: string }).kind === 'closed') unpaired = true; // revoked
      const frame = asServerFrame(parsed);
      if (!frame) return;
      if (frame.kind === 'event') return emit(frame.name, frame.payload);
      const p = pending.get(frame.id);
      if (!p) return;
      pending.delete(frame.id);
      if (frame.ok) p.resolve(frame.value);
      else p.reject(new Error(frame.error));
    };
    ws.onclose = () => {
      // Calls in flight cannot be answered any more; the host keeps running turns, so reconnect.
      for (const [id, p] of pending) {
        p.reject(new Error('Lost the connection to Claude Desk. Reconnecting…'));
        pending.delete(id);
      }
      // Every queued frame belonged to a call just rejected: sending it later would run a call the
      // user was told failed (a message "not sent" sent anyway; Retry sending it twice).
      queue.length = 0;
      if (!opened || (deviceAuth && !ready)) failedInARow++;
      // The browser hides a refused upgrade's 401; no token at all can never work, and a run of
      // attempts that never open means a wrong (old) token or a host that is gone.
      const refused = (!token && !deviceAuth) || unpaired || failedInARow >= REFUSED_AFTER;
      tell(refused ? 'refused' : 'reconnecting');
      if ((!token && !deviceAuth) || unpaired) return;
      retry = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };

  function emit(name: EventName, payload: unknown): void {
    for (const l of listeners.get(name) ?? []) l(payload);
  }
  const tell = (state: ConnectionState): void => emit('connection', { state });

  const call = (name: ClientFrame['name'], input?: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      const frame = JSON.stringify({ kind: 'call', id, name, input } satisfies ClientFrame);
      if (socket?.readyState === WebSocket.OPEN) socket.send(frame);
      else queue.push(frame);
    });

  // A phone's page that wakes — shown again, back on the network, restored — with its socket down tries now: the wait
  // between tries grew while it slept (to 5 s), and the person looking at it should not sit through the rest of it.
  const wake = (): void => {
    if (retry === undefined || document.hidden) return;
    clearTimeout(retry);
    retryMs = 250;
    connect();
  };
  for (const event of ['online', 'focus', 'pageshow'] as const) window.addEventListener(event, wake);
  document.addEventListener('visibilitychange', wake);

  connect();
  return createApiProxy({
    call,
    listen(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
}
