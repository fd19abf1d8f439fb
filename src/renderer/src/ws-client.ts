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

export function createWsApi(token: string | null): DeskApi {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  let nextId = 1;
  let socket: WebSocket | undefined;
  let retryMs = 250;
  let failedInARow = 0;

  const connect = (): void => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const q = token ? `?token=${encodeURIComponent(token)}` : '';
    const ws = new WebSocket(`${proto}//${location.host}${WEB_SOCKET_PATH}${q}`);
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      retryMs = 250;
      failedInARow = 0;
      for (const frame of queue.splice(0)) ws.send(frame);
      tell('online');
    };
    ws.onmessage = (msg) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(msg.data));
      } catch {
        return; // not a frame of ours
      }
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
      if (!opened) failedInARow++;
      // The browser hides a refused upgrade's 401; no token at all can never work, and a run of
      // attempts that never open means a wrong (old) token or a host that is gone.
      const refused = !token || failedInARow >= REFUSED_AFTER;
      tell(refused ? 'refused' : 'reconnecting');
      if (!token) return;
      setTimeout(connect, retryMs);
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
