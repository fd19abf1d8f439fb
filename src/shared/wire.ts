/** Frames of the browser-mode WebSocket bridge: the same contract as Electron IPC, serialized as JSON. */
import type { CallName, EventName, Events } from './contract';

export type ClientFrame = { kind: 'call'; id: number; name: CallName; input?: unknown };

export type ServerFrame =
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: string }
  | { [E in EventName]: { kind: 'event'; name: E; payload: Events[E] } }[EventName];

/** Same-origin token cookie set by the browser-mode host after the first authenticated request. */
export const WEB_TOKEN_COOKIE = 'claude_desk_token';
export const WEB_SOCKET_PATH = '/ws';
