import type { DeskHandlers } from '../shared/contract';
import { callHandler } from '../app/dispatch-call';
import type { ThreadSummary } from '../shared/threads';

/**
 * The thread a command names with `--thread <name>` (its title), or undefined after saying on stderr that there is
 * none — the one lookup and the one sentence every verb that acts on an existing thread shares.
 */
export async function threadNamed(handlers: DeskHandlers, name: string): Promise<ThreadSummary | undefined> {
  const summary = (await callHandler(handlers, 'listThreads', undefined)).find((t) => t.title === name);
  if (!summary) process.stderr.write(`No thread named ${JSON.stringify(name)}.\n`);
  return summary;
}
