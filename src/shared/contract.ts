/**
 * The one IPC contract. Every request/response call and every pushed event is declared once, in its feature's file
 * (`contract/<feature>.ts`, named as the feature's `src/app/<feature>` and renderer folder are, its call names beside
 * it in `contract/<feature>-names.ts`); this index only composes them. The Electron main process, the preload, the
 * browser-mode host and the renderer all derive their types from it. Inputs are zod schemas because they come from
 * the (untrusted) renderer and are validated at runtime by every host; outputs are types only because the host
 * produces them. test/contract-layout.test.ts keeps this file a composition.
 */
import * as z from 'zod';
import type { CallDef } from './contract-call';
import type { CallName } from './call-names';
import { settingsCalls, type SettingsEvents } from './contract/settings';
import { threadsCalls, type ThreadsEvents } from './contract/threads';
import { turnsCalls, type TurnsEvents } from './contract/turns';
import { composerCalls } from './contract/composer';
import { rewindCalls } from './contract/rewind';
import { worktreeCalls, type WorktreeEvents } from './contract/worktree';
import { windowCalls, type WindowEvents } from './contract/window';
import { historyCalls, type HistoryEvents } from './contract/history';
import { projectsCalls } from './contract/projects';
import { boardCalls, type BoardEvents } from './contract/board';
import { claudeCodeSetupCalls } from './contract/claude-code-setup';
import { usageCalls, type UsageEvents } from './contract/usage';
import { notifyCalls } from './contract/notify';
import { phoneCalls, type PhoneEvents } from './contract/phone';

export { CALL_NAMES, MAX_IMAGES_PER_MESSAGE, type CallName } from './call-names';
export type { AppInfo, CliOverview, HostName } from './contract/settings';
export type { ConnectionState } from './contract/window';

/** Every call of CALL_NAMES (call-names.ts) and no other: `satisfies` fails the build on a missing or extra name. */
export const calls = {
  ...settingsCalls,
  ...threadsCalls,
  ...turnsCalls,
  ...composerCalls,
  ...rewindCalls,
  ...worktreeCalls,
  ...windowCalls,
  ...historyCalls,
  ...projectsCalls,
  ...boardCalls,
  ...claudeCodeSetupCalls,
  ...usageCalls,
  ...notifyCalls,
  ...phoneCalls,
} as const satisfies Record<CallName, CallDef>;

export type Calls = typeof calls;
export type CallInput<K extends CallName> = z.input<Calls[K]['input']>;
export type CallOutput<K extends CallName> = Calls[K]['output'];

/** Events the host pushes to every window/tab, each declared by its feature. */
export interface Events
  extends
    SettingsEvents,
    ThreadsEvents,
    TurnsEvents,
    WorktreeEvents,
    WindowEvents,
    HistoryEvents,
    BoardEvents,
    UsageEvents,
    PhoneEvents {}
export type EventName = keyof Events;

/** What the renderer sees: one async verb per call and one `on…` per event, returning its unsubscribe. */
export type DeskApi = {
  [K in CallName]: undefined extends CallInput<K>
    ? (input?: CallInput<K>) => Promise<CallOutput<K>>
    : (input: CallInput<K>) => Promise<CallOutput<K>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};

/** The host side: one handler per call. Implemented once, in src/app. */
export type DeskHandlers = {
  [K in CallName]: (input: z.output<Calls[K]['input']>) => Promise<CallOutput<K>>;
};

/** Electron IPC channel names (kept here so preload and main cannot drift). */
export const ipcCallChannel = (name: CallName): string => `desk:call:${name}`;
export const ipcEventChannel = 'desk:event';

/** Validate an untrusted payload for a call; throws a readable error. */
export function parseCallInput<K extends CallName>(name: K, input: unknown): z.output<Calls[K]['input']> {
  const def = calls[name];
  if (!def) throw new Error(`Unknown call: ${String(name)}`);
  const parsed = def.input.safeParse(input);
  if (!parsed.success) {
    throw new Error(`Invalid input for ${name}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data as z.output<Calls[K]['input']>;
}

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(calls, name);
}
