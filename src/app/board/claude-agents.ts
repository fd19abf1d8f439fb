import type { ExternalAgents } from '../../shared/board';
import type { RunningSessions } from '../../shared/worktree-changes';
import { parseClaudeAgents, parseRunningSessions } from './agents-json';
import type { RunToEnd } from '../../core/process-runner';
import type { ClaudeCodeLauncher } from '../settings/claude-code-launch';

/** `claude agents --json` printed `[]` in well under a second (case 50); past this the list is given up. */
export const AGENTS_TIMEOUT_MS = 5_000;
/** Boards in several tabs and quick reopenings share one answer this fresh. */
export const AGENTS_FRESH_MS = 3_000;
/** A list of sessions is a few hundred bytes each. */
const MAX_OUTPUT = 4 * 1024 * 1024;

export interface ClaudeAgentsDeps {
  launcher: Pick<ClaudeCodeLauncher, 'withEnv'>;
  run: RunToEnd;
  /** Where the CLI runs: any folder (the list covers every session on the computer). */
  cwd: string;
  now?: () => number;
}

/**
 * The Claude Code sessions running elsewhere on this computer, from `claude agents --json` (recorded case 50),
 * started through the one launch builder and process runner. Asked only when a board is open, at most once per
 * AGENTS_FRESH_MS however many ask, bounded in time; every failure is a sentence, never a thrown error.
 */
export class ClaudeAgents {
  private last: { at: number; answer: ExternalAgents } | undefined;
  private pending: Promise<ExternalAgents> | undefined;
  private readonly now: () => number;

  constructor(private readonly deps: ClaudeAgentsDeps) {
    this.now = deps.now ?? Date.now;
  }

  list(): Promise<ExternalAgents> {
    if (this.last && this.now() - this.last.at < AGENTS_FRESH_MS) return Promise.resolve(this.last.answer);
    this.pending ??= this.ask().then((answer) => {
      this.last = { at: this.now(), answer };
      this.pending = undefined;
      return answer;
    });
    return this.pending;
  }

  /**
   * Every session running now, asked afresh (no shared answer: a discard must not act on one seconds old), those
   * without a short id too (case 54: Claude Desk's own stream-json turns, a terminal's interactive session).
   */
  async sessions(): Promise<RunningSessions> {
    const out = await this.runAgentsJson();
    if (!out.ok) return out;
    try {
      return { ok: true, sessions: parseRunningSessions(out.stdout) };
    } catch {
      return { ok: false, reason: NOT_A_LIST };
    }
  }

  private async ask(): Promise<ExternalAgents> {
    const out = await this.runAgentsJson();
    if (!out.ok) return out;
    try {
      return { ok: true, agents: parseClaudeAgents(out.stdout) };
    } catch {
      return { ok: false, reason: NOT_A_LIST };
    }
  }

  private async runAgentsJson(): Promise<{ ok: true; stdout: string } | { ok: false; reason: string }> {
    let launch;
    try {
      launch = await this.deps.launcher.withEnv();
    } catch {
      return {
        ok: false,
        reason: 'Claude Code is not ready, so sessions running elsewhere cannot be listed: see Settings → Claude Code.',
      };
    }
    const out = await this.deps.run(launch.file, [...(launch.prefixArgs ?? []), 'agents', '--json'], {
      cwd: this.deps.cwd,
      env: launch.env,
      timeoutMs: AGENTS_TIMEOUT_MS,
      maxOutputBytes: MAX_OUTPUT,
      ownGroup: true,
    });
    if (out.timedOut)
      return {
        ok: false,
        reason: `Claude Code took longer than ${AGENTS_TIMEOUT_MS / 1000} s to list its sessions; they show here once it answers in time.`,
      };
    if (out.exitCode !== 0)
      return {
        ok: false,
        reason: `Claude Code could not list its sessions (\`claude agents --json\` ${out.spawnError ? `did not start: ${out.spawnError}` : `exited with ${out.exitCode ?? out.signal}`}); update it with \`claude update\` if it is older than 2.1.`,
      };
    return { ok: true, stdout: out.stdout.toString('utf8') };
  }
}

const NOT_A_LIST =
  'Claude Code answered `claude agents --json` with something other than a list; update it with `claude update`.';
