import { createDeskApp } from '../app/desk-app';
import { callHandler } from '../app/dispatch-call';
import { threadNamed } from './thread-named';
import type { RewindFile, RewindOutcome, RewindScope } from '../shared/rewind';
import { safeLine } from './chat-output';

const USAGE = 'claude-desk rewind --thread <name> [--to <n>] [--code-only | --conversation-only] [--dry-run]';

/**
 * `claude-desk rewind --thread <name> [--to <n>] [--code-only | --conversation-only] [--dry-run]`: go back n user
 * messages (default 1) — the files and the conversation, or one of them, the app's three choices — through the same
 * handlers as the app's "Rewind to here". The dry run prints the list the app's dialog shows: this thread's files,
 * then apart those another thread sharing the folder changed last, which are kept (as files you changed since are;
 * the app's dialog can tick them). Exit 0 on success, 1 otherwise (a sentence on stderr).
 */
export async function rewindCommand(flags: Record<string, string | boolean>): Promise<number> {
  const name = typeof flags.thread === 'string' ? flags.thread : undefined;
  if (!name) {
    process.stderr.write(`Say which thread: ${USAGE}\n`);
    return 1;
  }
  const back = flags.to === undefined ? 1 : Number(flags.to);
  if (!Number.isInteger(back) || back < 1) {
    process.stderr.write(
      `--to takes how many of your messages to go back (1 or more), not ${JSON.stringify(flags.to)}.\n`,
    );
    return 1;
  }
  if (flags['code-only'] && flags['conversation-only']) {
    process.stderr.write(
      'Choose either --code-only or --conversation-only; without either, the files and the conversation go back together.\n',
    );
    return 1;
  }
  const scope: RewindScope = flags['code-only'] ? 'code' : flags['conversation-only'] ? 'conversation' : 'both';
  const desk = await createDeskApp({ host: 'command-line' });
  try {
    const summary = await threadNamed(desk.handlers, name);
    if (!summary) return 1;
    const thread = await callHandler(desk.handlers, 'getThread', { threadId: summary.id });
    const users = (thread?.messages ?? []).filter((m) => m.role === 'user');
    if (users.length < back) {
      process.stderr.write(`The thread has ${users.length} message(s) of yours; it cannot go back ${back}.\n`);
      return 1;
    }
    const target = users[users.length - back]!;
    const preview = await callHandler(desk.handlers, 'previewRewind', { threadId: summary.id, messageId: target.id });
    const head = `Back to before: ${safeLine(firstLine(target.role === 'user' ? target.text : ''))}`;
    const withFiles = scope !== 'conversation';
    if (flags['dry-run']) {
      process.stdout.write(`${head}\n${withFiles ? listing(preview.files) : 'No file is touched.'}\n`);
      if (withFiles) for (const limit of preview.limits) process.stdout.write(`Note: ${limit}\n`);
      return 0;
    }
    const out = await callHandler(desk.handlers, 'rewindThread', {
      threadId: summary.id,
      messageId: target.id,
      scope,
    });
    process.stdout.write(`${head}\n${outcome(out, preview.files)}`);
    if (withFiles) for (const limit of preview.limits) process.stdout.write(`Note: ${limit}\n`);
    process.stdout.write(
      scope === 'code'
        ? 'The conversation is unchanged.\n'
        : 'The conversation continues from there: your next message in this thread replaces that one.\n',
    );
    return 0;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await desk.shutdown();
  }
}

/** The dry run: this thread's files, then apart (indented, so a script reading the first list skips them) the others'. */
function listing(files: RewindFile[]): string {
  const mine = files.filter((f) => !f.otherThread);
  const others = files.filter((f) => f.otherThread);
  const lines = mine.length ? mine.map(describe) : ['No file changes of this thread to undo.'];
  if (others.length) lines.push('Changed by another thread (kept):', ...others.map((f) => `  ${describe(f)}`));
  return lines.join('\n');
}

function outcome(out: RewindOutcome, files: RewindFile[]): string {
  if (out.scope === 'conversation') return 'No file was touched.\n';
  const lines = out.restored.map((f) => `restored  ${safeLine(f)}`);
  for (const f of out.kept) lines.push(`kept      ${safeLine(f)} (${whyKept(files.find((x) => x.path === f))})`);
  if (!lines.length) lines.push('No file changes to undo.');
  return `${lines.join('\n')}\n`;
}

function whyKept(f: RewindFile | undefined): string {
  if (!f?.otherThread) return 'you changed it after Claude did';
  return f.otherThread.title ? `last changed by “${safeLine(f.otherThread.title)}”` : 'last changed by another thread';
}

function describe(f: RewindFile): string {
  const verb = f.action === 'delete' ? 'delete   ' : f.action === 'recreate' ? 'recreate ' : 'restore  ';
  const why = f.otherThread
    ? `  (${whyKept(f)})`
    : f.conflict
      ? '  (conflict: changed after the turn; kept unless you rewind in the app and choose to overwrite)'
      : '';
  return `${verb} ${safeLine(f.path)}${why}`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
