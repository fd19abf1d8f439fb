import type { DeskApi, EventName, Events } from '../../../shared/contract';
import type { TurnEvent } from '../../../shared/turn-events';
import { isNarrow } from '../ui/use-narrow';
import { connectContinuity } from './continuity';
import { connectThreadAddress } from './thread-address';
import type { DeskStore } from './desk-store';
import { frameBatch } from './frame-batch';
import { turnsOf } from './turn-selectors';

const REFOCUS_MIN_GAP_MS = 2000;
/**
 * Events that say a turn this window just sent is getting ready — started, the CLI's init, its ids, the
 * answer's message id — and ask nothing of the reader. They are held until the turn's next other event or
 * QUIET_MS, whichever comes first, and then go in one batch: applied at once, each was a render of the page
 * (~10 ms of main thread, and a frame) in the tens of milliseconds after Enter that the CLI needs the two cores
 * for, to send its request. A real API answers hundreds of milliseconds later, so the reader sees "running" as
 * before; a fast answer arrives with them. Other turns (another window's, a background thread's) are not held.
 */
const QUIET = new Set<TurnEvent['type']>(['started', 'init', 'cli_uuids', 'message_start']);
export const QUIET_MS = 120;
/** The events a stream is made of: many per second, nothing lost if they wait for the next frame. */
const STREAMED = new Set<TurnEvent['type']>(['text_delta', 'thinking_delta', 'subagent_text']);
/** The events that say a turn has answered something (or ended): the first glyph is on its way to the screen. */
const ANSWERED = new Set<TurnEvent['type']>([
  'text_delta',
  'text',
  'thinking_delta',
  'tool_call',
  'approval_request',
  'error',
  'finished',
]);

/**
 * Wire the host's pushed events into the store, once. Returns a function that undoes every
 * subscription (React StrictMode mounts twice; tests tear down). A split pane's store (`pane`) leaves the window's
 * own part to the window's store: its saved place, the menu's commands, the host's notices.
 */
export function connectBridge(
  store: DeskStore,
  api: DeskApi,
  win: Window = window,
  { pane = false }: { pane?: boolean } = {},
): () => void {
  const s = () => store.getState();
  let connectedOnce = false;
  let lastResync = 0;

  // Coalesce bursts of threadsChanged (every turn end, rename, delete) into at most one pending reload.
  let listing: Promise<void> | null = null;
  let listAgain = false;
  const refreshList = (): void => {
    if (listing) {
      listAgain = true;
      return;
    }
    listing = s()
      .loadThreads()
      .finally(() => {
        listing = null;
        if (listAgain) {
          listAgain = false;
          refreshList();
        }
      });
  };

  let historyListing: Promise<void> | null = null;
  let historyAgain = false;
  const refreshHistory = (): void => {
    if (historyListing) {
      historyAgain = true;
      return;
    }
    historyListing = s()
      .loadHistory()
      .finally(() => {
        historyListing = null;
        if (historyAgain) {
          historyAgain = false;
          refreshHistory();
        }
      });
  };

  // An open board reads its rows again after a change, one read in flight at a time however many changes come.
  let boardReading: Promise<void> | null = null;
  let boardAgain = false;
  const refreshBoard = (): void => {
    if (s().sidebarTab !== 'board' && s().view !== 'board') return;
    if (boardReading) {
      boardAgain = true;
      return;
    }
    boardReading = s()
      .loadBoard()
      .finally(() => {
        boardReading = null;
        if (boardAgain) {
          boardAgain = false;
          refreshBoard();
        }
      });
  };

  const resync = (): void => {
    lastResync = Date.now();
    refreshList();
    void s().reloadActiveThread();
    const active = s().activeThreadId;
    if (active) void s().loadQueue(active);
    void s().loadTurns();
    void s().resyncBackgroundTurns();
    refreshBoard();
  };

  // The list's refresh for a message of this window's own turn waits for the answer's first output (or its end):
  // before it, the CLI races to its API request on the same cores, and the sidebar can wait a frame.
  let listOwed = false;
  const payList = (events: readonly TurnEvent[]): void => {
    if (!listOwed || !events.some((e) => ANSWERED.has(e.type))) return;
    listOwed = false;
    win.setTimeout(refreshList, 0); // after this frame's paint
  };

  // Streamed text is applied once per frame; any other event (a turn's start, end, approval request…) at once,
  // after the deltas that came before it.
  const turnEvents = frameBatch<TurnEvent>((events) => {
    s().handleTurnEvents(events);
    payList(events);
  }, win);
  const on = <E extends EventName>(name: E, listener: (payload: Events[E]) => void): (() => void) =>
    api.on(name, (payload) => {
      turnEvents.flush();
      listener(payload);
    });

  // The quiet events held back (in arrival order) and the timer that lets them go on their own.
  let held: TurnEvent[] = [];
  let heldTimer: ReturnType<typeof setTimeout> | undefined;
  const release = (): void => {
    if (heldTimer !== undefined) win.clearTimeout(heldTimer);
    heldTimer = undefined;
    const events = held;
    held = [];
    for (const e of events) turnEvents.push(e);
  };

  const offs = [
    api.on('turnEvent', (e) => {
      if (QUIET.has(e.type) && s().awaitsFirstAnswer(e.threadId, e.turnId)) {
        held.push(e);
        heldTimer ??= win.setTimeout(() => {
          heldTimer = undefined;
          release();
          turnEvents.flush();
        }, QUIET_MS);
        return;
      }
      release(); // the held ones first: a turn's events apply in the order the host sent them
      if (ANSWERED.has(e.type)) s().firstAnswerCame(e.turnId);
      turnEvents.push(e);
      if (!STREAMED.has(e.type)) turnEvents.flush();
    }),
    on('threadsChanged', ({ threadId, kind }) => {
      // This window's own send or turn: its events (and the bubble already shown) keep the thread current.
      // (A turn of the thread that another window or pane started is not: its user message is read from the host.)
      const own =
        threadId !== undefined &&
        (s().isSending(threadId) || turnsOf(s().inFlight, threadId).some((t) => s().startedHere(t.turnId)));
      if (own && kind === 'message') {
        listOwed = true;
        return;
      }
      refreshList();
      // Another window changed the thread on screen: read it again, with its branches.
      const reload = threadId !== undefined && threadId === s().activeThreadId && !own;
      // A message never changes a thread's branches; anything else may have.
      if (kind !== 'message' && !reload) s().branchesChanged(threadId);
      if (reload) void s().reloadActiveThread();
    }),
    on('queueChanged', (state) => {
      s().applyQueue(state);
      // A queued message the host sent is in the thread log now: show it with its turn.
      if (state.threadId === s().activeThreadId) void s().reloadActiveThread();
    }),
    on('statusChanged', (overview) => store.setState({ overview, statusError: null })),
    on('settingsChanged', (settings) => store.setState({ settings })),
    on('connection', ({ state }) => {
      // What was held applies before a resync reads the host's copy (which is newer than any of it).
      release();
      turnEvents.flush();
      store.setState({ connection: state });
      // 'online' comes on every (re)connect: after the first, events may have been missed.
      if (state !== 'online') return;
      if (connectedOnce) {
        resync();
        void s().loadStatus();
        void s().loadSettings();
      }
      connectedOnce = true;
    }),
    on('budgetsChanged', ({ states }) => store.setState({ budgets: states })),
    on('historyChanged', ({ sessionIds }) => {
      s().usageChanged();
      // Only once the History was looked at: a busy CLI must not cost a closed History anything.
      if (!s().historyLoaded) return;
      refreshHistory();
      const open = s().openSessionId;
      if (open && sessionIds.includes(open)) void s().reloadOpenSession();
    }),
    on('boardChanged', refreshBoard),
    on('notice', ({ level, message }) => pane || s().pushNotice(level, message)),
    on('changesChanged', ({ threadId }) => s().changesChanged(threadId)),
    // Phone access (issue 51): the desktop asks about a new device; Settings reads access and devices again.
    on('pairingRequest', (e) => s().pairingEvent(e)),
    on('phoneChanged', () => {
      if (s().view === 'settings' && s().settingsSection === 'phone') void s().loadPhone();
    }),
    on('command', ({ command }) => {
      if (pane) return;
      if (command === 'new-thread') void s().createThread();
      else if (command === 'open-settings') s().setView('settings');
      else if (command === 'toggle-sidebar') s().toggleSidebar(isNarrow(win));
    }),
  ];

  // A focus is not a reconnect: the pushed events kept the page current. Reload the list (the host's index,
  // small) and fetch the open thread only if the list says it changed — a 50 MB thread is not re-read and
  // re-parsed on every switch back to the window.
  // A phone's page that wakes (shown again, restored from the back-forward cache, back on the network) catches up the
  // same way, with an open board too: a turn that ended while it slept shows whole, its row gone from "Needs you".
  const onFocus = (): void => {
    if (win.document.hidden || Date.now() - lastResync < REFOCUS_MIN_GAP_MS) return;
    lastResync = Date.now();
    void s()
      .loadThreads()
      .then(() => s().reloadActiveThreadIfChanged());
    void s().loadTurns();
    void s().resyncBackgroundTurns();
    refreshBoard();
  };
  const WAKES = ['focus', 'pageshow', 'online'] as const;
  for (const wake of WAKES) win.addEventListener(wake, onFocus);
  win.document.addEventListener('visibilitychange', onFocus);

  void s().loadAppInfo();
  refreshList();
  // The turns in flight, quiet ones too (a long tool, a stall, a queued turn): what other windows show of them.
  void s().loadTurns();
  const offContinuity = pane ? () => undefined : connectContinuity(store, api, win);
  const offAddress = pane ? () => undefined : connectThreadAddress(store, win);
  void s().loadSettings();
  void s().loadStatus();
  void s().loadBudgets();

  return () => {
    for (const off of offs) off();
    if (heldTimer !== undefined) win.clearTimeout(heldTimer);
    turnEvents.cancel();
    offContinuity();
    offAddress();
    for (const wake of WAKES) win.removeEventListener(wake, onFocus);
    win.document.removeEventListener('visibilitychange', onFocus);
  };
}
