import path from 'node:path';
import { callHandler } from '../app/dispatch-call';
import { createDeskApp } from '../app/desk-app';
import type { HistorySession } from '../shared/history';

/**
 * `claude-desk history [--json] [--project <dir>] [--search <text>]`: every Claude Code session on this
 * machine (from the same index as the History view), most recent first. Exit 0, also when none match.
 */
export async function historyCommand(flags: Record<string, string | boolean>): Promise<number> {
  const desk = await createDeskApp({ host: 'command-line' });
  try {
    // The same calls as the History view; this door has no watcher, so it waits for a full scan first.
    const { handlers } = desk;
    await callHandler(handlers, 'refreshHistory', undefined);
    const query = typeof flags.search === 'string' ? flags.search : undefined;
    let rows: { session: HistorySession; snippet?: string }[];
    if (query !== undefined) {
      rows = (await callHandler(handlers, 'searchHistory', { query, limit: 500 })).flatMap((h) =>
        h.kind === 'session' ? [{ session: h.session, snippet: h.snippet }] : [],
      );
    } else {
      rows = (await callHandler(handlers, 'listHistory', undefined)).map((session) => ({ session }));
    }
    if (typeof flags.project === 'string') {
      const dir = path.resolve(flags.project);
      rows = rows.filter(({ session }) => session.project === dir || session.project.startsWith(`${dir}${path.sep}`));
    }
    if (flags.json) {
      process.stdout.write(
        `${JSON.stringify(
          rows.map(({ session, snippet }) => ({ ...session, ...(snippet ? { snippet } : {}) })),
          null,
          2,
        )}\n`,
      );
      return 0;
    }
    if (rows.length === 0) {
      process.stderr.write(
        query !== undefined ? `No session mentions "${query}".\n` : 'No Claude Code sessions found.\n',
      );
      return 0;
    }
    for (const { session: s, snippet } of rows) {
      const when = new Date(s.lastAt).toISOString().slice(0, 16).replace('T', ' ');
      const flagsText = `${s.source === 'copy' ? ' [kept copy]' : ''}${s.threadId ? ' [thread]' : ''}`;
      process.stdout.write(
        `${s.id}  ${when}  ${String(s.messages).padStart(4)} msgs  ${s.title}${flagsText}\n    ${s.project}\n`,
      );
      if (snippet) process.stdout.write(`    ${snippet}\n`);
    }
    return 0;
  } finally {
    await desk.shutdown();
  }
}
