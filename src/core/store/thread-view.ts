import type { AssistantMessage, ChatMessage } from '../../shared/threads';
import { readThreadLogFile } from './thread-log';
import type { ParsedLog } from './thread-log-types';

/**
 * A thread's log read for a window. Line by line from disk, and a failure is said (`problem`), never turned into
 * an empty thread; nor are lines that could not be read hidden. `parsed` is undefined when the log could not be read.
 */
export async function readLogForView(
  id: string,
  file: string,
  warn: (message: string) => void,
): Promise<{ parsed?: ParsedLog; problem?: string }> {
  let problem: string | undefined;
  const parsed = await readThreadLogFile(id, file).catch((err: unknown) => {
    problem = `This thread could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)}); nothing has been changed on disk. Showing what Claude Desk still holds.`;
    warn(`Thread ${id}: ${problem}`);
    return undefined;
  });
  if (parsed && parsed.badLines > 0) {
    problem = `${parsed.badLines} line(s) of this thread's log could not be read and are not shown.`;
    warn(`Thread ${id}: skipped ${parsed.badLines} unreadable line(s) in its log.`);
  }
  return { ...(parsed ? { parsed } : {}), ...(problem ? { problem } : {}) };
}

/** The messages with the snapshots waiting for their coalesced write, which are newer than the file (in place). */
export function withPendingSnapshots(messages: ChatMessage[], pending: readonly AssistantMessage[]): ChatMessage[] {
  for (const msg of pending) {
    const i = messages.findIndex((m) => m.id === msg.id);
    if (i >= 0) messages[i] = msg;
    else messages.push(msg);
  }
  return messages;
}
