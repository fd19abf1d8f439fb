import { createDeskApp } from '../app/desk-app';
import { callHandler } from '../app/dispatch-call';
import type { RewindFile } from '../shared/rewind';
import { safeLine } from './chat-output';

/**
 * `claude-desk rewind --thread <name> [--to <n>] [--dry-run]`: go back n user messages (default 1) — the files
 * and the conversation — through the same handlers as the app's "Rewind to here". The dry run prints exactly
 * the list the app's dialog shows. Exit 0 on success, 1 otherwise (a sentence on stderr).
 */
export async function rewindCommand(flags: Record<string, string | boolean>): Promise<number> {
  const name = typeof flags.thread === 'string' ? flags.thread : undefined;
  if (!name) {
    process.stderr.write('Say which thread: claude-desk rewind --thread <name> [--to <n>] [--dry-run]\n');
    return 1;
  }
  const back = flags.to === undefined ? 1 : Number(flags.to);
  if (!Number.isInteger(back) || back < 1) {
    process.stderr.write(
      `--to takes how many of your messages to go back (1 or more), not ${JSON.stringify(flags.to)}.\n`,
    );
    return 1;
  }
  const desk = await createDeskApp({ host: 'command-line' });
  try {
    const summary = (await callHandler(desk.handlers, 'listThreads', undefined)).find((t) => t.title === name);
    if (!summary) {
      process.stderr.write(`No thread named ${JSON.stringify(name)}.\n`);
      return 1;
    }
    const thread = await callHandler(desk.handlers, 'getThread', { threadId: summary.id });
    const users = (thread?.messages ?? []).filter((m) => m.role === 'user');
    if (users.length < back) {
      process.stderr.write(`The thread has ${users.length} message(s) of yours; it cannot go back ${back}.\n`);
      return 1;
    }
    const target = users[users.length - back]!;
    const preview = await callHandler(desk.handlers, 'previewRewind', { threadId: summary.id, messageId: target.id });
    const lines = preview.files.map(describe);
    const head = `Back to before: ${safeLine(firstLine(target.role === 'user' ? target.text : ''))}`;
    if (flags['dry-run']) {
      process.stdout.write(`${head}\n${lines.length ? lines.join('\n') : 'No file changes to undo.'}\n`);
      for (const limit of preview.limits) process.stdout.write(`Note: ${limit}\n`);
      return 0;
    }
    const out = await callHandler(desk.handlers, 'rewindThread', { threadId: summary.id, messageId: target.id });
    process.stdout.write(`${head}\n`);
    for (const f of out.restored) process.stdout.write(`restored  ${safeLine(f)}\n`);
    for (const f of out.kept) process.stdout.write(`kept      ${safeLine(f)} (you changed it after Claude did)\n`);
    if (!out.restored.length && !out.kept.length) process.stdout.write('No file changes to undo.\n');
    for (const limit of preview.limits) process.stdout.write(`Note: ${limit}\n`);
    process.stdout.write(
      'The conversation continues from there: your next message in this thread replaces that one.\n',
    );
    return 0;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await desk.shutdown();
  }
}

function describe(f: RewindFile): string {
  const verb = f.action === 'delete' ? 'delete   ' : f.action === 'recreate' ? 'recreate ' : 'restore  ';
  return `${verb} ${safeLine(f.path)}${f.conflict ? '  (conflict: changed after the turn; kept unless you rewind in the app and choose to overwrite)' : ''}`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
