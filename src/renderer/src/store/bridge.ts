import type { DeskApi, EventName, Events } from '../../../shared/contract';
import { connectContinuity } from './continuity';
import { connectThreadAddress } from './thread-address';
import type { DeskStore } from './desk-state';
import type { BridgeContext, BridgePart } from './bridge/part';
import { turnStream, turnsPart } from './bridge/turns';
import { threadsPart } from './bridge/threads';
import { settingsPart } from './bridge/settings';
import { usagePart } from './bridge/usage';
import { historyPart } from './bridge/history';
import { boardPart } from './bridge/board';
import { worktreePart } from './bridge/worktree';
import { phonePart } from './bridge/phone';
import { windowPart } from './bridge/window';

export { QUIET_MS } from './bridge/turns';

const REFOCUS_MIN_GAP_MS = 2000;

/**
 * Wire the host's pushed events into the store, once: each feature's part (`bridge/<feature>.ts`) subscribes to its
 * events and says what it reads at start, after a reconnect and when the window comes back. Returns a function that
 * undoes every subscription (React StrictMode mounts twice; tests tear down). A split pane's store (`pane`) leaves
 * the window's own part to the window's store: its saved place, the menu's commands, the host's notices.
 */
export function connectBridge(
  store: DeskStore,
  api: DeskApi,
  win: Window = window,
  { pane = false }: { pane?: boolean } = {},
): () => void {
  const s = () => store.getState();
  const stream = turnStream(s, win);
  const ctx: BridgeContext = {
    store,
    api,
    win,
    pane,
    s,
    on: <E extends EventName>(name: E, listener: (payload: Events[E]) => void) =>
      api.on(name, (payload) => {
        stream.flush();
        listener(payload);
      }),
  };
  const parts: BridgePart[] = [
    settingsPart(ctx),
    threadsPart(ctx, stream),
    turnsPart(ctx, stream),
    usagePart(ctx),
    historyPart(ctx),
    boardPart(ctx),
    worktreePart(ctx),
    phonePart(ctx),
    windowPart(ctx),
  ];

  let connectedOnce = false;
  let lastResync = 0;
  const offConnection = ctx.on('connection', ({ state }) => {
    // What was held applies before a resync reads the host's copy (which is newer than any of it).
    stream.settle();
    store.setState({ connection: state });
    // 'online' comes on every (re)connect: after the first, events may have been missed.
    if (state !== 'online') return;
    if (connectedOnce) {
      lastResync = Date.now();
      for (const part of parts) part.resync?.();
    }
    connectedOnce = true;
  });

  // A focus is not a reconnect: the pushed events kept the page current, so each part reads only what is cheap.
  // A phone's page that wakes (shown again, restored from the back-forward cache, back on the network) catches up the
  // same way, with an open board too: a turn that ended while it slept shows whole, its row gone from "Needs you".
  const onFocus = (): void => {
    if (win.document.hidden || Date.now() - lastResync < REFOCUS_MIN_GAP_MS) return;
    lastResync = Date.now();
    for (const part of parts) part.refocus?.();
  };
  const WAKES = ['focus', 'pageshow', 'online'] as const;
  for (const wake of WAKES) win.addEventListener(wake, onFocus);
  win.document.addEventListener('visibilitychange', onFocus);

  for (const part of parts) part.start?.();
  const offContinuity = pane ? () => undefined : connectContinuity(store, api, win);
  const offAddress = pane ? () => undefined : connectThreadAddress(store, win);

  return () => {
    for (const part of parts) for (const off of part.offs) off();
    offConnection();
    offContinuity();
    offAddress();
    for (const wake of WAKES) win.removeEventListener(wake, onFocus);
    win.document.removeEventListener('visibilitychange', onFocus);
  };
}
