import type { AppInfo, CallName, CliOverview, DeskApi, EventName, Events } from '../../../../shared/contract';
import type { AppSettings } from '../../../../shared/settings';
import type { Thread } from '../../../../shared/threads';
import type { WindowState } from '../../../../shared/window-state';
import type { QueuedMessage } from '../../../../shared/message-queue';

export interface FakeCall {
  name: string;
  input: unknown;
}

export interface FakeHost {
  api: DeskApi;
  calls: FakeCall[];
  callsTo(name: string): unknown[];
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  threads: Thread[];
  settings: AppSettings;
  overview: CliOverview;
  appInfo: AppInfo;
  /** What getWindowState answers; saveWindowState merges into it. */
  windowState: WindowState;
  /** The same for the desktop's other windows, by their key (`?window=`). */
  windowStates: Record<string, WindowState>;
  /** Each thread's queued messages (the queue calls read and change them). */
  queues: Map<string, QueuedMessage[]>;
  /** Replace one verb's behaviour. */
  handle(name: keyof DeskApi, fn: (input: unknown) => unknown): void;
  /** How many listeners the page holds on the host's events now (a closed split pane leaves none). */
  listenerCount(): number;
}

/** What each feature's answers are built on: the fake host's state, and what features share. */
export interface FakeContext {
  fake: FakeHost;
  /** The next turn's number (a send and a resend draw from one sequence). */
  nextTurn(): number;
}

/** A feature's default answers, keyed by its call names: a call without a fake answer is a type error there. */
export type FakeAnswers<N extends CallName> = Record<N, (input: never) => unknown>;
