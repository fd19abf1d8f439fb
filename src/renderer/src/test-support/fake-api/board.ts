/** The fake host's answers to the board calls (composed with the others in fake-api.ts). */
import type { BoardCallName } from '../../../../shared/contract/board-names';
import type { FakeAnswers, FakeContext } from './host';

export function boardAnswers(_context: FakeContext): FakeAnswers<BoardCallName> {
  return {
    getBoard: () => ({ rows: [], cap: 4 }),
    listClaudeAgents: () => ({ ok: true, agents: [] }),
    dismissBoardRow: () => null,
  };
}
