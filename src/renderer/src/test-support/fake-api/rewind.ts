/** The fake host's answers to the rewind calls (composed with the others in fake-api.ts). */
import type { RewindCallName } from '../../../../shared/contract/rewind-names';
import type { FakeAnswers, FakeContext } from './host';

export function rewindAnswers({ nextTurn }: FakeContext): FakeAnswers<RewindCallName> {
  return {
    resendFrom: (input: { threadId: string; messageId: string }) => ({
      turnId: `turn-${nextTurn()}`,
      messageId: `resent-${input.messageId}`,
    }),
    previewRewind: ({ threadId, messageId }: { threadId: string; messageId: string }) => ({
      threadId,
      messageId,
      source: 'git',
      files: [],
      limits: [],
    }),
    rewindThread: ({ threadId, messageId }: { threadId: string; messageId: string }) => ({
      threadId,
      messageId,
      restored: [],
      kept: [],
      text: '',
    }),
    switchBranch: () => ({ restored: [], kept: [] }),
    listBranches: () => [],
  };
}
