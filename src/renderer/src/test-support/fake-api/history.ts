/** The fake host's answers to the history calls (composed with the others in fake-api.ts). */
import type { HistoryCallName } from '../../../../shared/contract/history-names';
import type { FakeAnswers, FakeContext } from './host';

export function historyAnswers(_context: FakeContext): FakeAnswers<HistoryCallName> {
  return {
    listHistory: () => [],
    refreshHistory: () => null,
    getHistoryPage: ({ sessionId }: { sessionId: string }) => ({ sessionId, messages: [] }),
    searchHistory: () => [],
    pinHistorySession: () => null,
    continueSession: () => ({ threadId: 'th-continued', created: true }),
    exportMarkdown: () => ({ fileName: 'conversation.md', markdown: '# Conversation\n' }),
    getHistoryStats: () => ({ sessions: 0, keptBytes: 0, keptRawBytes: 0, keepCopies: true }),
  };
}
