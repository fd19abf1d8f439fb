import { isObject } from '../claude-code-wire/cli-json';
import { type CliPermissionMode, permissionModeInEffect } from '../claude-code-wire/control-protocol';
import { type ControlChannel, ControlSession } from './control-session';
import type { TurnProcess } from './turn-process';

/** How many CLI processes are kept for their threads' next turns (CLAUDE_DESK_KEEP; 0 = a fresh spawn per turn). */
export const DEFAULT_KEEP = 2;
/** A kept process nobody used for this long is closed (CLAUDE_DESK_KEEP_IDLE_MINUTES). */
export const DEFAULT_KEEP_IDLE_MS = 10 * 60_000;

/**
 * What a control request can change in a running CLI (set_model, set_permission_mode; cases 26/27):
 * the values of these flags. Everything else a process was started with — project folder, system
 * prompt, MCP set, wall, auth, tool lists — can only be had by starting another process.
 */
export interface LiveFlags {
  model?: string;
  permissionMode?: string;
}

const SESSION_FLAGS = new Set(['--resume', '--session-id']);
const LIVE_FLAGS: Record<string, keyof LiveFlags> = { '--model': 'model', '--permission-mode': 'permissionMode' };

/** The model and permission mode in an argv (a wrapped one too: the CLI's own flags are in it verbatim). */
export function liveFlags(args: readonly string[]): LiveFlags {
  const flags: LiveFlags = {};
  for (let i = 0; i < args.length - 1; i++) {
    const key = LIVE_FLAGS[args[i] as string];
    if (key) flags[key] = args[i + 1];
  }
  return flags;
}

/**
 * The argv with what differs between a kept process and the next turn's plan for it removed: the
 * session flag (`--session-id` on its first turn, `--resume` since — the uuid is compared apart) and
 * the flags a control request switches live.
 */
export function maskLiveArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (SESSION_FLAGS.has(arg) || arg in LIVE_FLAGS) {
      i++;
      continue;
    }
    out.push(arg);
  }
  return out;
}

/**
 * Bring a kept (idle) process to `target` with set_model / set_permission_mode before it answers the
 * next turn. Its output goes to `route` meanwhile: the control responses are read here. Resolves with
 * why it could not be done, or undefined when the process now runs with exactly `target`.
 */
export async function switchLive(
  proc: TurnProcess,
  current: LiveFlags,
  target: LiveFlags,
  route: (onValue: ((value: unknown) => void) | undefined) => void,
): Promise<string | undefined> {
  if (current.model === target.model && current.permissionMode === target.permissionMode) return undefined;
  const session = new ControlSession({ threadId: '', turnId: '', askUser: false });
  const channel: ControlChannel = {
    send: (message) => proc.writeLine(JSON.stringify(message)),
    pauseIdle: () => undefined,
    resumeIdle: () => undefined,
    emit: () => undefined,
    closed: proc.exited,
  };
  session.attach(channel);
  route((value) => {
    if (isObject(value) && value.type === 'control_response')
      session.handle({ type: 'control_response', raw: value }, channel);
  });
  try {
    if (current.permissionMode !== target.permissionMode && target.permissionMode) {
      const r = await session.setPermissionMode(target.permissionMode as CliPermissionMode);
      if (!r.ok) return `set_permission_mode failed: ${r.error}`;
      // It took another mode than asked (case 60): a fresh process is started with the flag instead.
      const took = permissionModeInEffect(r);
      if (took && took !== target.permissionMode)
        return `set_permission_mode answered ${took}, not ${target.permissionMode}`;
    }
    if (current.model !== target.model) {
      const r = await session.setModel(target.model);
      if (!r.ok) return `set_model failed: ${r.error}`;
    }
    return undefined;
  } finally {
    route(undefined);
  }
}

/**
 * The app's keep policy from its environment: CLAUDE_DESK_KEEP (how many, default 2; 0 = a fresh CLI
 * per turn) and CLAUDE_DESK_KEEP_IDLE_MINUTES (default 10; fractions allowed).
 */
export function keepPolicy(env: NodeJS.ProcessEnv): { keep: number; keepIdleMs: number } {
  const n = Number(env.CLAUDE_DESK_KEEP);
  const minutes = Number(env.CLAUDE_DESK_KEEP_IDLE_MINUTES);
  return {
    keep: env.CLAUDE_DESK_KEEP?.trim() && Number.isInteger(n) && n >= 0 ? n : DEFAULT_KEEP,
    keepIdleMs: minutes > 0 && Number.isFinite(minutes) ? Math.round(minutes * 60_000) : DEFAULT_KEEP_IDLE_MS,
  };
}
