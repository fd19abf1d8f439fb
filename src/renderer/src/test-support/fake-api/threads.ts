/** The fake host's answers to the threads calls (composed with the others in fake-api.ts). */
import type { ThreadsCallName } from '../../../../shared/contract/threads-names';
import type { ChatMessage, Thread, ThreadSummary } from '../../../../shared/threads';
import { EMPTY_TOTALS } from '../../../../shared/turn-reducer';
import { DEFAULT_THREAD_TITLE } from '../../../../shared/thread-title';
import type { FakeAnswers, FakeContext } from './host';

export function makeThread(
  id: string,
  title: string,
  messages: ChatMessage[] = [],
  updatedAt = 1_700_000_000_000,
): Thread {
  return { id, title, createdAt: updatedAt, updatedAt, settings: {}, totals: { ...EMPTY_TOTALS }, messages };
}

export const summaryOf = ({ messages: _m, ...summary }: Thread): ThreadSummary => summary;

export function threadsAnswers({ fake }: FakeContext): FakeAnswers<ThreadsCallName> {
  return {
    listThreads: () => fake.threads.map(summaryOf),
    getThread: ({ threadId }: { threadId: string }) => fake.threads.find((t) => t.id === threadId) ?? null,
    readToolResult: () => null,
    createThread: (input: { title?: string; settings?: { projectDir?: string } } | undefined) => {
      const t = makeThread(
        `th-new-${fake.threads.length + 1}`,
        input?.title ?? DEFAULT_THREAD_TITLE,
        [],
        1_800_000_000_000,
      );
      // As the real host: a new thread starts in Settings' mode (none of its own under the env lock).
      if (!fake.settings.permissionModeLockedBy) t.settings = { permissionMode: fake.settings.permissionMode };
      if (input?.settings?.projectDir) t.settings = { ...t.settings, projectDir: input.settings.projectDir };
      fake.threads.push(t);
      return summaryOf(t);
    },
    renameThread: () => null,
    pinThread: () => null,
    deleteThread: () => null,
    updateThreadSettings: () => null,
    searchThreads: () => [],
  };
}
