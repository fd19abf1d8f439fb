import { getApi } from '../api';
import { errorText, type BoardSlice, type Slice } from './desk-state';

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
