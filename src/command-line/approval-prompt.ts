import readline from 'node:readline/promises';
import { approvalScopes } from '../shared/approval-scopes';
import type { ApprovalDecision, ApprovalRequest } from '../shared/turn-events';
import { showExactly, terminalSafe } from './terminal-text';

export const NO_TTY_DENIAL =
  'The user could not be asked: claude-desk chat runs without a terminal (stdin is not a TTY), so tools that ' +
  'need approval are denied. Do the task without this tool, or say what you would run.';

export interface ApprovalPromptOptions {
  /** Where the question is read from; a TTY is needed to ask at all. */
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Questions go to stderr so stdout stays the answer text (and pipes cleanly). */
  output: NodeJS.WritableStream;
  answer: (requestId: string, decision: ApprovalDecision) => Promise<unknown>;
  /** Ctrl-C while a question is open (readline swallows it otherwise). */
  onInterrupt?: () => void;
}

/**
 * One or two lines that say what the tool will do (command, file path + content head). Everything here
 * comes from the model, so control characters are shown as escapes (terminal-text.ts): what the user
 * approves is exactly what runs.
 */
export function describeApproval(request: ApprovalRequest): string {
  const input = request.input;
  const name = showExactly(request.displayName ?? request.toolName, '  ');
  const lines = [`Claude wants to use ${name}`];
  if (typeof input.command === 'string') lines.push(`  $ ${showExactly(input.command, '  > ')}`);
  if (typeof input.file_path === 'string') lines.push(`  file: ${showExactly(input.file_path, '        ')}`);
  const body =
    typeof input.content === 'string'
      ? input.content
      : typeof input.new_string === 'string'
        ? input.new_string
        : undefined;
  if (body !== undefined) {
    const head = body.replace(/\n$/, '').split('\n').slice(0, 6).map(terminalSafe).join('\n    ');
    lines.push(`    ${head}${body.split('\n').length > 6 ? '\n    …' : ''}`);
  }
  if (lines.length === 1 && request.description) lines.push(`  ${showExactly(request.description, '  ')}`);
  if (request.blockedPath) lines.push(`  needs write access to ${showExactly(request.blockedPath, '  ')}`);
  return lines.join('\n');
}

/**
 * Asks on the terminal, one card at a time (several may queue): y = allow once, s = this session,
 * a = always (writes .claude/settings.local.json in the project), n = deny with an optional reason.
 * Without a TTY nobody can answer, so every card is denied with a message that says why.
 */
export function createApprovalPrompter(opts: ApprovalPromptOptions) {
  const canAsk = opts.input.isTTY === true;
  let chain: Promise<void> = Promise.resolve();
  const withdrawn = new Set<string>();
  let current: { requestId: string; abort: AbortController } | undefined;
  let rl: readline.Interface | undefined;

  const write = (text: string): void => void opts.output.write(text);
  const send = async (requestId: string, decision: ApprovalDecision): Promise<void> => {
    try {
      await opts.answer(requestId, decision);
    } catch (err) {
      write(`(${(err as Error).message})\n`);
    }
  };

  async function ask(request: ApprovalRequest): Promise<void> {
    if (withdrawn.has(request.requestId)) return;
    rl ??= readline.createInterface({ input: opts.input, output: opts.output, terminal: true });
    rl.removeAllListeners('SIGINT');
    rl.on('SIGINT', () => opts.onInterrupt?.());
    const scopes = approvalScopes(request);
    const choices = [
      '[y] allow once',
      ...(scopes.session ? ['[s] this session'] : []),
      ...(scopes.always ? ['[a] always (saves .claude/settings.local.json in the project)'] : []),
      '[n] deny',
    ];
    write(`\n${describeApproval(request)}\n`);
    const abort = new AbortController();
    current = { requestId: request.requestId, abort };
    try {
      for (;;) {
        const reply = (await rl.question(`${choices.join(' · ')}? `, { signal: abort.signal })).trim().toLowerCase();
        if (reply === 'y' || reply === 'yes')
          return await send(request.requestId, { behavior: 'allow', scope: 'once' });
        if (reply === 's' && scopes.session)
          return await send(request.requestId, { behavior: 'allow', scope: 'session' });
        if (reply === 'a' && scopes.always)
          return await send(request.requestId, { behavior: 'allow', scope: 'always' });
        if (reply === 'n' || reply === 'no') {
          const reason = (
            await rl.question('Reason for Claude (optional, Enter to skip): ', { signal: abort.signal })
          ).trim();
          return await send(request.requestId, { behavior: 'deny', ...(reason ? { message: reason } : {}) });
        }
      }
    } catch {
      write('(withdrawn)\n'); // aborted: the CLI withdrew the card (Stop, case 25c)
    } finally {
      current = undefined;
    }
  }

  return {
    request(request: ApprovalRequest): void {
      if (!canAsk) {
        write(
          `[approval needed] ${showExactly(request.displayName ?? request.toolName, '  ')}: denied (no terminal to ask on)\n`,
        );
        void send(request.requestId, { behavior: 'deny', message: NO_TTY_DENIAL });
        return;
      }
      chain = chain.then(() => ask(request));
    },
    /** The card was answered elsewhere or withdrawn by the CLI. */
    resolved(requestId: string): void {
      withdrawn.add(requestId);
      if (current?.requestId === requestId) current.abort.abort();
    },
    async close(): Promise<void> {
      for (const id of current ? [current.requestId] : []) this.resolved(id);
      await chain;
      rl?.close();
    },
  };
}
