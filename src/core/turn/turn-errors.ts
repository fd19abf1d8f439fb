import { boundInWords } from '../../shared/bound-words';
import type { TurnCredential, TurnError } from '../../shared/turn-events';
import type { CliVerdict } from './cli-verdict';
import type { ProcessExit } from './turn-process';
import { redact } from '../log/redact';
import { ROOT_FULL_ACCESS_OFFER, ROOT_FULL_ACCESS_REFUSED } from '../../shared/permission-mode';
import { acceptProgramAdvice } from './accept-program';

/** Case 26c: stderr of the CLI refusing full access as root. */
const ROOT_REFUSAL = 'cannot be used with root/sudo privileges';
/** Case 03 (result.errors and stderr). */
const NO_CONVERSATION = 'No conversation found with session ID';
/** Case 14 (stderr, empty stdout). */
const SESSION_IN_USE = /Session ID \S+ is already in use/;

/** The CLI could not use the session uuid: start a fresh session with the transcript, once. */
export function needsFreshSession(exit: ProcessExit, verdict: CliVerdict | undefined): boolean {
  if (verdict?.startupFailure === 'resume_target_not_found') return true; // case 61 a, whatever the wording
  if (verdict && verdict.verdict.isError && verdict.errors.some((e) => e.includes(NO_CONVERSATION))) return true;
  if (verdict && !verdict.verdict.isError) return false;
  return exit.stderrTail.includes(NO_CONVERSATION) || SESSION_IN_USE.test(exit.stderrTail);
}

export interface ClassifyInput {
  exit: ProcessExit;
  verdict?: CliVerdict;
  /** What was spawned (the CLI, or a sandbox wrapper). */
  file: string;
  idleTimeoutMs: number;
  /** A synthetic API-error text seen in the stream (e.g. "Invalid API key · …"). */
  apiErrorText?: string;
  /** One of the user's Claude Code hooks was still running when the process ended (`PreToolUse:Bash`). */
  hookRunning?: string;
  /** The folder the process was to start in, when it was missing at the end (spawn's ENOENT then means it). */
  folderGone?: string;
}

/** `result.terminal_reason` of a request the API refused as longer than the context window (cases 57, 57b). */
const PROMPT_TOO_LONG = 'prompt_too_long';

/**
 * A conversation past the model's context window. Sending it again cannot succeed: the refused message stays in the
 * session (case 57's next turns are refused too), and Claude Code has already compacted by itself and retried before
 * giving up (case 57b: two compactions, three refusals — the long wait a user sees; only DISABLE_AUTO_COMPACT, which
 * also ends compaction of every other thread, skips it, case 57c). What can help: /compact, or a new thread.
 */
function contextTooLong(result: string | undefined): TurnError {
  // The CLI's bare text is "Prompt is too long"; a single exchange gets a longer why (case 57), worth keeping.
  const why = result?.replace(/^Prompt is too long\s*·?\s*/, '').trim();
  return {
    kind: 'context_too_long',
    message: "This conversation is longer than the model's context window, so Claude could not answer.",
    hint: 'Compact it (Claude summarises the conversation so far), or start a new thread that begins with a summary of this one.',
    ...(why ? { detail: why } : {}),
  };
}

const AUTH_HINT = 'Log in with Claude Code (claude /login) or save an API key in Settings.';

/** Case 61 b/c (stderr only, no result line): managed settings refuse what a launch brings of its own. */
const SIDELOAD_REFUSAL = 'disableSideloadFlags';
/** Case 59 g / 61 d (stderr only): the first stdin line was not the initialize request. */
const INITIALIZE_NOT_FIRST = '--await-initialize requires the initialize control request';

/**
 * Why Claude Code refused to start (`startup_failure_reason`, case 61), as what happened and what to do, for the
 * reasons a person can act on; undefined for the others, which keep Claude Code's own sentence.
 */
function startFailure(reason: string, errors: string[]): TurnError | undefined {
  const said = errors.join('\n').trim();
  const detail = said ? { detail: said } : {};
  switch (reason) {
    case 'org_signin_ended':
      return {
        kind: 'auth_required',
        message: "Your organization's sign-in to Claude Code has ended, and Claude Code removed it.",
        hint: "Sign in again: run claude in a terminal, then /login — with your organization's account, or your own where your organization allows it. Don't log out first: that deletes your own login and saved MCP logins too.",
        ...detail,
      };
    case 'consumer_terms_review_in_terminal':
      return {
        kind: 'auth_required',
        message: 'Claude Code needs you to review its updated Consumer Terms, which it cannot ask here.',
        hint: 'Run claude in a terminal once and answer the updated terms there, then send the message again.',
        ...detail,
      };
    case 'consumer_terms_accept_on_web': {
      const url = /https:\/\/\S+/.exec(said)?.[0]?.replace(/[).,]+$/, '');
      return {
        kind: 'auth_required',
        message: 'Claude Code needs you to accept its updated Consumer Terms on claude.ai before it starts.',
        hint: `Accept them on claude.ai${url ? ` (${url})` : ''}, then send the message again.`,
        ...detail,
      };
    }
    case 'sideload_flags_disabled':
      return sideloadRefused(said);
    case 'resume_target_not_found':
      return {
        kind: 'cli_error',
        message:
          "Claude Code could not find this thread's conversation to continue: it may have been deleted, or be out of reach for now.",
        hint: "Send the message again: Claude Desk then starts a new Claude Code session from the thread's history.",
        ...detail,
      };
    case 'config_file_invalid':
      return {
        kind: 'cli_error',
        message: 'Claude Code will not start: one of its configuration files is not valid JSON.',
        hint: 'Repair the file, or restore the backup Claude Code names below, then send the message again.',
        ...detail,
      };
    case 'initialize_not_first':
      return initializeNotFirst(said);
    default:
      return undefined;
  }
}

function sideloadRefused(said: string): TurnError {
  return {
    kind: 'cli_error',
    message:
      "Your organization's Claude Code settings (disableSideloadFlags) refuse the tools Claude Desk hands it, so Claude Code did not start.",
    hint: "Ask your administrator to allow them (remove disableSideloadFlags from Claude Code's managed settings); until then use Claude Code in a terminal.",
    ...(said ? { detail: said } : {}),
  };
}

function initializeNotFirst(said: string): TurnError {
  return {
    kind: 'cli_error',
    message: "Claude Code did not start: the first line it read was not Claude Desk's start request.",
    hint: 'If CLAUDE_DESK_CLI names a wrapper script, make it pass its input to claude unchanged; then send the message again.',
    ...(said ? { detail: said } : {}),
  };
}

/** The error a finished process means for the user, or undefined when the turn succeeded. */
export function classifyTurnEnd({
  exit,
  verdict,
  file,
  idleTimeoutMs,
  apiErrorText,
  hookRunning,
  folderGone,
}: ClassifyInput): TurnError | undefined {
  if (exit.spawnError) {
    if (exit.spawnError.code === 'ENOENT' && folderGone) {
      return {
        kind: 'internal',
        message: `Claude Code could not start: the folder this thread works in, ${folderGone}, was not there.`,
        hint: 'Something removed it while the message was sent. Send the message again; if the folder stays gone, choose where the thread goes on.',
      };
    }
    if (exit.spawnError.code === 'ENOENT') {
      return {
        kind: 'cli_missing',
        message: `Claude Code CLI not found at ${file}`,
        hint: 'Install Claude Code or point CLAUDE_DESK_CLI at the claude binary.',
      };
    }
    return { kind: 'cli_missing', message: `Could not start ${file}: ${exit.spawnError.message}` };
  }
  // A verdict wins over the idle bound: the answer is complete even if the CLI was slow to exit.
  if (verdict) {
    if (verdict.authFailure) {
      return {
        kind: 'auth_required',
        message: verdict.verdict.result ?? apiErrorText ?? 'Not logged in.',
        hint: AUTH_HINT,
      };
    }
    if (!verdict.verdict.isError) return undefined;
    if (verdict.verdict.terminalReason === PROMPT_TOO_LONG) return contextTooLong(verdict.verdict.result);
    const refused = verdict.startupFailure && startFailure(verdict.startupFailure, verdict.errors);
    if (refused) return refused;
    const message =
      verdict.verdict.result ??
      (verdict.errors.join('\n') || apiErrorText || `Claude Code reported an error (${verdict.verdict.subtype}).`);
    return { kind: 'cli_error', message };
  }
  if (exit.idleTimedOut && exit.toolRunning) {
    const held = hookRunning ? `Your Claude Code hook ${hookRunning}` : 'A tool';
    return {
      kind: 'idle_timeout',
      message: `${held} ran for ${boundInWords(exit.boundMs ?? 0)} without finishing (tool bound, CLAUDE_DESK_TOOL_TIMEOUT_MS=${exit.boundMs}) and the turn was stopped.`,
      hint: hookRunning
        ? `Fix the hook in your Claude Code settings (it is one of your ${hookRunning.split(':')[0]} hooks), or raise CLAUDE_DESK_TOOL_TIMEOUT_MS, and send the message again.`
        : 'Send the message again, or raise CLAUDE_DESK_TOOL_TIMEOUT_MS for longer builds and test runs.',
    };
  }
  if (exit.idleTimedOut) {
    return {
      kind: 'idle_timeout',
      message: `Claude Code printed nothing for ${boundInWords(idleTimeoutMs)} (idle bound, CLAUDE_DESK_IDLE_TIMEOUT_MS=${idleTimeoutMs}) and was stopped.`,
      hint: 'Send the message again, or raise CLAUDE_DESK_IDLE_TIMEOUT_MS.',
    };
  }
  if (exit.stderrTail.includes(ROOT_REFUSAL)) {
    return {
      kind: 'root_bypass',
      message: ROOT_FULL_ACCESS_REFUSED,
      hint: ROOT_FULL_ACCESS_OFFER,
    };
  }
  if (endedByTerm(exit)) {
    // Not through stop() (that turn is "stopped", no error), nor a bound (said above): Claude Code answers SIGTERM by
    // ending its tools and exiting 143 (case 40d), so the sender was outside Claude Desk.
    return {
      kind: 'cli_error',
      message:
        'Claude Code was stopped before it answered: something outside Claude Desk ended it (SIGTERM — a `kill`, a logout or a shutdown).',
      hint: 'Send the message again.',
    };
  }
  // Shown in the chat and saved in the thread (which the model can read back): keys and tokens redacted,
  // and only the last lines — the full tail goes to the log.
  const tail = shortTail(redact(exit.stderrTail.trim()));
  // Refusals that print no result line (case 61 b–d): their own sentence, Claude Code's words below it.
  if (exit.stderrTail.includes(SIDELOAD_REFUSAL)) return sideloadRefused(tail);
  if (exit.stderrTail.includes(INITIALIZE_NOT_FIRST)) return initializeNotFirst(tail);
  const advice = acceptProgramAdvice(exit.stderrTail);
  if (advice) {
    const [message, hint] = advice.split(/(?<=PATH\.) /);
    return { kind: 'cli_error', message: message!, ...(hint ? { hint } : {}), ...(tail ? { detail: tail } : {}) };
  }
  const how = exit.signal ? `was ended by ${exit.signal}` : `exited with code ${exit.code ?? '?'}`;
  return {
    kind: 'cli_error',
    message: `Claude Code ${how} without an answer.${tail ? `\n${tail}` : ''}`,
  };
}

/** Ended by SIGTERM: the signal itself, or the CLI's own exit on it (128 + 15, case 40d). */
function endedByTerm(exit: ProcessExit): boolean {
  return exit.signal === 'SIGTERM' || exit.code === 143;
}

const SHOWN_STDERR_CHARS = 2000;

function shortTail(text: string): string {
  if (text.length <= SHOWN_STDERR_CHARS) return text;
  const cut = text.slice(-SHOWN_STDERR_CHARS);
  return `…${cut.slice(cut.indexOf('\n') + 1 || 0)}`;
}

/**
 * Preparing a turn failed before any process ran (no CLI, too old, …): carries the kind the UI shows
 * and a hint, instead of the generic `internal` a thrown error gets.
 */
export class TurnSetupError extends Error {
  constructor(
    message: string,
    readonly kind: TurnError['kind'],
    readonly hint?: string,
  ) {
    super(message);
  }
}

/**
 * An auth failure said in terms of the credential the turn used, with only the fix that works: while
 * ANTHROPIC_API_KEY is in the environment it wins (build-turn-args.ts), so saving a key would change nothing.
 */
export function explainAuthFailure(error: TurnError, credential: TurnCredential): TurnError {
  const rejected = /401|invalid|rejected|expired/i.test(error.message);
  switch (credential) {
    case 'env_api_key':
      return {
        ...error,
        credential,
        message:
          'The Anthropic API rejected the ANTHROPIC_API_KEY set in the environment Claude Desk was started from (HTTP 401).',
        hint: 'Correct or remove ANTHROPIC_API_KEY where you start Claude Desk (shell profile, launcher), then restart Claude Desk. A key saved in Settings is not used while that variable is set.',
      };
    case 'saved_api_key':
      return {
        ...error,
        credential,
        message: 'The Anthropic API rejected the API key saved in Settings (HTTP 401).',
        hint: "Save a valid key in its place — or remove it to use Claude Code's own login.",
      };
    case 'cli_login':
      return {
        ...error,
        credential,
        message: rejected
          ? "The Anthropic API rejected Claude Code's own login (HTTP 401): it may have expired."
          : 'Claude Code is not logged in.',
        hint: 'Log in again with Claude Code (run `claude`, then /login), or save an API key in Settings.',
      };
  }
}
