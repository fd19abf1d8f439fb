/** Frames of the browser-mode WebSocket bridge: the same contract as Electron IPC, serialized as JSON. */
import type { CallName, EventName, Events } from './contract';

export type ClientFrame = { kind: 'call'; id: number; name: CallName; input?: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A parsed frame from a tab, narrowed: its call name is checked later, by dispatchCall. */
export function asCallFrame(v: unknown): { id: number; name: unknown; input: unknown } | undefined {
  if (!isRecord(v) || v.kind !== 'call' || typeof v.id !== 'number') return undefined;
  return { id: v.id, name: v.name, input: v.input };
}

/** A parsed frame from the host, narrowed to its two shapes (anything else is not ours). */
export function asServerFrame(v: unknown): ServerFrame | undefined {
  if (!isRecord(v)) return undefined;
  if (v.kind === 'event' && typeof v.name === 'string') return v as ServerFrame; // payloads are the host's own types
  if (v.kind !== 'result' || typeof v.id !== 'number') return undefined;
  if (v.ok === true) return { kind: 'result', id: v.id, ok: true, value: v.value };
  return {
    kind: 'result',
    id: v.id,
    ok: false,
    error: typeof v.error === 'string' ? v.error : 'The host refused the call.',
  };
}

export type ServerFrame =
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: string }
  | { [E in EventName]: { kind: 'event'; name: E; payload: Events[E] } }[EventName];

/** Same-origin token cookie set by the browser-mode host after the first authenticated request. */
export const WEB_TOKEN_COOKIE = 'claude_desk_token';
export const WEB_SOCKET_PATH = '/ws';
