import { getApi } from '../api';
import { errorText, type Slice } from './desk-state';
import type { BoardState, ExternalAgents } from '../../../shared/board';

/** The board: every thread working, waiting, failed or with changes to land, and the sessions elsewhere. */
export interface BoardSlice {
  board: BoardState | null;
  /** Why the rows could not be read, in a sentence. */
  boardError: string | null;
  /** `claude agents --json`'s sessions, or why they are not there. */
  externalAgents: ExternalAgents | null;
  loadBoard(): Promise<void>;
  loadClaudeAgents(): Promise<void>;
  /** Take a failed or finished row off the board (until its thread has something new); a failure is a notice. */
  dismissBoardRow(threadId: string): Promise<void>;
  /** Stop the thread's turn (running, waiting or queued) from the board. */
  stopThreadTurn(threadId: string): Promise<void>;
  /** Merge a worktree thread's branch into its base from the board, with the drafted message; the outcome is a notice. */
  mergeFromBoard(threadId: string): Promise<void>;
}

declare module './desk-state' {
  interface DeskState extends BoardSlice {}
}

export const createBoardSlice: Slice<BoardSlice> = (set, get) => ({
  board: null,
  boardError: null,
  externalAgents: null,

  async loadBoard() {
    try {
      set({ board: await getApi().getBoard(), boardError: null });
    } catch (err) {
      set({ boardError: `The board could not be read: ${errorText(err)}. Reopen the tab to try again.` });
    }
  },

  async loadClaudeAgents() {
    try {
      set({ externalAgents: await getApi().listClaudeAgents() });
    } catch (err) {
      set({ externalAgents: { ok: false, reason: `Sessions elsewhere could not be listed: ${errorText(err)}.` } });
    }
  },

  async dismissBoardRow(threadId) {
    try {
      await getApi().dismissBoardRow({ threadId });
      // The row goes at once; the host's boardChanged reads the rows again.
      const board = get().board;
      if (board) set({ board: { ...board, rows: board.rows.filter((r) => r.threadId !== threadId) } });
    } catch (err) {
      get().pushNotice('error', `Could not dismiss the row: ${errorText(err)}`);
    }
  },

  async stopThreadTurn(threadId) {
    try {
      await getApi().stopTurn({ threadId });
    } catch (err) {
      get().pushNotice('error', `Could not stop the turn: ${errorText(err)}`);
    }
  },

  async mergeFromBoard(threadId) {
    let message: string | undefined;
    try {
      message = await get().draftCommitMessage(threadId);
    } catch {
      message = undefined; // the host drafts its own
    }
    const outcome = await get().landThread({ threadId, action: 'merge', ...(message ? { message } : {}) });
    if (outcome.ok) get().pushNotice('info', outcome.message);
    else
      get().pushNotice(
        'warning',
        outcome.reason === 'conflict' ? `${outcome.message} Open the thread's Changes to resolve it.` : outcome.message,
      );
    void get().loadBoard();
  },
});
