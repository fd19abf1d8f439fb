import type { DeskApi, EventName, Events } from '../../../../shared/contract';
import type { DeskState, DeskStore } from '../desk-state';

/** What every feature's part of the bridge is handed (bridge.ts builds it once per store). */
export interface BridgeContext {
  store: DeskStore;
  api: DeskApi;
  win: Window;
  /** A split pane's store: the window's own part (its place, the menu's commands, the notices) is not its. */
  pane: boolean;
  s: () => DeskState;
  /** `api.on`, with the turn events batched so far applied first (an event reads the store as its host sent it). */
  on<E extends EventName>(name: E, listener: (payload: Events[E]) => void): () => void;
}

/** One feature's part of the bridge: its pushed events, and what it reads again when the page may be behind. */
export interface BridgePart {
  offs: (() => void)[];
  /** At start: the first reads. */
  start?(): void;
  /** After a reconnect: events may have been missed, so everything shown is read again. */
  resync?(): void;
  /** The window came back (focus, shown, back online): the events kept it current, so only cheap reads. */
  refocus?(): void;
}
