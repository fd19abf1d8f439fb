import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyTurnEnd, needsFreshSession } from './turn-errors';
import { parseResult } from './cli-verdict';
import { replayRecorded } from '../../../test/fixtures/replay-recorded';
import { RECORDED_DIR, recordedCase, recordedValues } from '../../../test/fixtures/recorded-cases';
import type { Json } from '../claude-code-wire/cli-json';

/** The n-th `result` line of a recorded case, as the engine classifies it. */
function verdictOf(name: string, n = 0) {
  const results = recordedValues(recordedCase(name)).filter((v) => (v as Json).type === 'result') as Json[];
  return parseResult(results[n]!, false);
}
const cleanExit = { code: 1, signal: null, idleTimedOut: false, stopped: false, stderrTail: '' };

describe('a conversation past the context window (recorded cases 57, 57b)', () => {
  it.each([
    ['57-prompt-too-long', 0],
    ['57b-prompt-too-long-long-thread', 3],
    ['57b-prompt-too-long-long-thread', 5],
  ])('%s result %i is its own kind, said in words, with what to do', (name, n) => {
    const error = classifyTurnEnd({ exit: cleanExit, verdict: verdictOf(name, n), file: 'claude', idleTimeoutMs: 1 });
    expect(error?.kind).toBe('context_too_long');
    expect(error?.message).toMatch(/^This conversation is longer than the model's context window/);
    expect(error?.hint).toMatch(/Compact/);
  });

  it('keeps the CLI’s own explanation when it gave one (a single exchange, case 57)', () => {
    const error = classifyTurnEnd({
      exit: cleanExit,
      verdict: verdictOf('57-prompt-too-long'),
      file: 'claude',
      idleTimeoutMs: 1,
    });
    expect(error?.detail).toContain('A single-exchange conversation cannot be compacted');
  });
});

describe('a tool Accept edits withholds (recorded case 56)', () => {
  it('each refused call carries why: shell, sub-agents, web', () => {
    const { message } = replayRecorded('56-accept-edits-forbidden-tools');
    const tools = message.parts.flatMap((p) => (p.kind === 'tool' ? [p] : []));
    expect(tools.map((t) => [t.name, t.isError, t.detail])).toEqual([
      ['Bash', true, { kind: 'withheld', reason: 'shell' }],
      ['Agent', true, { kind: 'withheld', reason: 'subagents' }],
      ['WebFetch', true, { kind: 'withheld', reason: 'web' }],
      ['WebSearch', true, { kind: 'withheld', reason: 'web' }],
    ]);
  });
});

describe('starts Claude Code refuses, by the reason its result names (2.1.337, recorded case 61)', () => {
  const classify = (verdict: ReturnType<typeof parseResult> | undefined, stderrTail = '') =>
    classifyTurnEnd({ exit: { ...cleanExit, stderrTail }, verdict, file: 'claude', idleTimeoutMs: 1 });
  /** A result of the recorded shape with another reason (those a claude.ai sign-in needs cannot be made offline). */
  const refusal = (reason: string, errors: string[]) =>
    parseResult({ ...raw61a(), startup_failure_reason: reason, errors }, false);
  const raw61a = () =>
    recordedValues(recordedCase('61-start-failures.a-resume-unknown')).find(
      (v) => (v as Json).type === 'result',
    ) as Json;

  it('resume_target_not_found: a new session from the thread’s history, and its own sentence if that fails too', () => {
    const verdict = verdictOf('61-start-failures.a-resume-unknown');
    expect(verdict.startupFailure).toBe('resume_target_not_found');
    expect(needsFreshSession(cleanExit, verdict)).toBe(true);
    // The same reason in other words (a later CLI) still starts the new session.
    expect(needsFreshSession(cleanExit, refusal('resume_target_not_found', ['The conversation is gone.']))).toBe(true);
    expect(classify(verdict)).toMatchObject({
      kind: 'cli_error',
      message: expect.stringMatching(/^Claude Code could not find this thread's conversation/),
      hint: expect.stringMatching(/new Claude Code session from the thread's history/),
      detail: expect.stringContaining('No conversation found with session ID'),
    });
  });

  it('config_file_invalid: which file, and that its backup restores it (case 61 e)', () => {
    const error = classify(verdictOf('61-start-failures.e-config-file-invalid'));
    expect(error).toMatchObject({
      kind: 'cli_error',
      message: expect.stringMatching(/configuration files is not valid JSON/),
    });
    expect(error?.detail).toMatch(/Configuration error in <home>\/\.claude\.json[^]*backup/);
  });

  it('org_signin_ended and the Consumer Terms: the login card, with what to do (never a bare exit code)', () => {
    expect(classify(refusal('org_signin_ended', ['Your organization sign-in ended.']))).toMatchObject({
      kind: 'auth_required',
      message: "Your organization's sign-in to Claude Code has ended, and Claude Code removed it.",
      hint: expect.stringMatching(/\/login[^]*Don't log out first/),
    });
    expect(classify(refusal('consumer_terms_review_in_terminal', []))).toMatchObject({
      kind: 'auth_required',
      hint: expect.stringMatching(/^Run claude in a terminal once/),
    });
    const web = classify(
      refusal('consumer_terms_accept_on_web', ['Accept the terms at https://claude.ai/legal/accept.']),
    );
    expect(web).toMatchObject({
      kind: 'auth_required',
      hint: 'Accept them on claude.ai (https://claude.ai/legal/accept), then send the message again.',
    });
  });

  it('sideload_flags_disabled: from the result, and from stderr alone as 2.1.337 prints it (cases 61 b, c)', () => {
    const fromResult = classify(refusal('sideload_flags_disabled', ['--mcp-config is disabled']));
    const meta = JSON.parse(fs.readFileSync(path.join(RECORDED_DIR, '61-start-failures.json'), 'utf8')) as {
      steps: { step: string; stderr: string }[];
    };
    for (const step of ['b-sideload-disabled-mcp-config', 'c-sideload-disabled-initialize']) {
      const stderr = meta.steps.find((s) => s.step === step)!.stderr;
      const fromStderr = classify(undefined, stderr);
      expect(fromStderr?.message).toBe(fromResult?.message);
      expect(fromStderr?.message).toMatch(/\(disableSideloadFlags\) refuse the tools Claude Desk hands it/);
      expect(fromStderr?.hint).toMatch(/administrator/);
    }
  });

  it('initialize_not_first: said as Claude Desk’s own start request not read first (case 61 d)', () => {
    const meta = JSON.parse(fs.readFileSync(path.join(RECORDED_DIR, '61-start-failures.json'), 'utf8')) as {
      steps: { step: string; stderr: string }[];
    };
    const stderr = meta.steps.find((s) => s.step === 'd-initialize-not-first')!.stderr;
    expect(classify(undefined, stderr)).toMatchObject({
      message: "Claude Code did not start: the first line it read was not Claude Desk's start request.",
      hint: expect.stringMatching(/wrapper script/),
    });
  });
});
