import { getApi } from '../api';
import { errorText, type BoardSlice, type Slice } from './desk-state';

export const createBoardSlice: Slice<BoardSlice> = (set) => ({
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
});
