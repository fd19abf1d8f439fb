import path from 'node:path';
import { createDeskApp } from '../app/desk-app';
import type { TurnEvent } from '../shared/turn-events';
import { createApprovalPrompter } from './approval-prompt';

/**
 * `claude-desk chat [--thread <name>] [--project <dir>] [--model m] [--json] "message"`: one turn through
 * the same engine and data dir as the app. Streams the answer text (or, with --json, the app's events as
 * JSON lines). Exit 0 on success, 2 when login is required, 1 on any other failure (error on stderr).
 */
export async function chatCommand(flags: Record<string, string | boolean>, positionals: string[]): Promise<number> {
  const text = positionals.join(' ').trim();
  if (!text) {
    process.stderr.write('Nothing to send: claude-desk chat "your message"\n');
    return 1;
  }
  const desk = await createDeskApp({ host: 'cli' });
  const { threads, turns, bus } = desk.services;
  const stop = (): void => {
    process.stderr.write('\nStopping…\n');
    turns.stop(threadId);
  };
  let threadId = '';
  try {
    const settings = {
      ...(typeof flags.project === 'string' ? { projectDir: path.resolve(flags.project) } : {}),
      ...(typeof flags.model === 'string' ? { model: flags.model } : {}),
    };
    const name = typeof flags.thread === 'string' ? flags.thread : undefined;
    const existing = name ? (await threads.list()).find((t) => t.title === name) : undefined;
    if (existing) {
      threadId = existing.id;
      if (Object.keys(settings).length) await threads.updateSettings(threadId, { ...existing.settings, ...settings });
    } else {
      threadId = (await threads.create({ title: name, settings })).id;
    }

    let outcome = 'failed' as Extract<TurnEvent, { type: 'finished' }>['status']; // assigned in the listener
    let authRequired = false;
    let lastError = '';
    let endsWithNewline = true;
    // Every turn may ask for approval (issue 8): on a terminal we ask on stderr, otherwise we deny.
    const prompter = createApprovalPrompter({
      input: process.stdin,
      output: process.stderr,
      answer: (requestId, decision) =>
        desk.handlers.answerApproval({ threadId, turnId: currentTurn, requestId, decision }),
      onInterrupt: stop,
    });
    let currentTurn = '';
    const unsubscribe = bus.subscribe((event, payload) => {
      if (event === 'notice') {
        const notice = payload as { level: string; message: string };
        if (notice.level !== 'info') process.stderr.write(`${notice.message}\n`);
        return;
      }
      if (event !== 'turnEvent') return;
      const e = payload as TurnEvent;
      if (e.threadId !== threadId) return;
      currentTurn = e.turnId;
      if (flags.json) process.stdout.write(`${JSON.stringify(e)}\n`);
      else if (e.type === 'text_delta' || e.type === 'text') {
        process.stdout.write(e.text);
        endsWithNewline = e.text.endsWith('\n');
      } else if (e.type === 'warning') process.stderr.write(`warning: ${e.message}\n`);
      else if (e.type === 'retry') process.stderr.write(`retrying (${e.attempt}/${e.maxRetries})…\n`);
      else if (e.type === 'tool_call') process.stderr.write(`[tool] ${e.name}\n`);
      if (e.type === 'approval_request') prompter.request(e.request);
      if (e.type === 'approval_resolved') prompter.resolved(e.requestId);
      if (e.type === 'error') {
        authRequired = e.error.kind === 'auth_required';
        lastError = e.error.hint ? `${e.error.message}\n${e.error.hint}` : e.error.message;
      }
      if (e.type === 'finished') outcome = e.status;
    });
    process.once('SIGINT', stop);
    const { done } = await turns.send({ threadId, text });
    await done;
    unsubscribe();
    await prompter.close();
    if (!flags.json && !endsWithNewline) process.stdout.write('\n');
    if (outcome === 'done') return 0;
    if (lastError) process.stderr.write(`${lastError}\n`);
    else if (outcome === 'stopped') process.stderr.write('Stopped.\n');
    return authRequired ? 2 : 1;
  } finally {
    process.off('SIGINT', stop);
    await desk.shutdown();
  }
}
