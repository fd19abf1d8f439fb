/** The board: every thread working, waiting, failed or with changes to land; Claude Code sessions elsewhere. */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import type { BoardState, ExternalAgents } from '../board';
import { id } from './fields';
import type { BoardCallName } from './board-names';

export const boardCalls = {
  /** The board's rows: every thread working, waiting for the user, failed or with changes to land. */
  getBoard: call<BoardState>()(z.undefined()),
  /** The Claude Code sessions running elsewhere on this computer (`claude agents --json`), or why not. */
  listClaudeAgents: call<ExternalAgents>()(z.undefined()),
  /** Take a failed or finished row off the board until its thread has something new to show. */
  dismissBoardRow: call<null>()(z.object({ threadId: id }).strict()),
} satisfies CallsOf<BoardCallName>;

export interface BoardEvents {
  /** A board row may read differently (a turn moved, a card opened, files changed): open boards read again. */
  boardChanged: Record<string, never>;
}
