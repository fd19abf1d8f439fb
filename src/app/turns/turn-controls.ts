import type { Events } from '../../shared/contract';
import type { PermissionMode } from '../../shared/settings';
import type { ApprovalDecision, ApprovalFile } from '../../shared/turn-events';
import { parseModelRouting } from '../../core/turn/build-turn-args';
import {
  cliModeLabel,
  cliPermissionMode,
  deskPermissionMode,
  permissionModeInEffect,
} from '../../core/claude-code-wire/control-protocol';
import type { TurnHandle } from '../../core/turn/turn-request';

export interface TurnControlsDeps {
  /** The engine's registry of live turns (the only one). */
  turns: { running(threadId?: string): TurnHandle[]; turn(turnId: string): TurnHandle | undefined };
  notice: (notice: Events['notice']) => void;
}

/**
 * The app's policy for talking to running turns: approval answers from any front door, and
 * the live switches (permission mode, model) sent to the processes running right now, with the
 * sentences the user reads when a switch cannot apply at once. The turns themselves live in core.
 */
export class TurnControls {
  constructor(private readonly deps: TurnControlsDeps) {}

  answer(input: { threadId: string; turnId: string; requestId: string; decision: ApprovalDecision }): void {
    const turn = this.deps.turns.turn(input.turnId);
    const ok = turn?.threadId === input.threadId && turn.answer(input.requestId, input.decision);
    if (!ok) throw new Error('This request is no longer waiting: it was answered, withdrawn, or its turn ended.');
  }

  /** The file a waiting card is about, read now by the turn (inside its project folder only). */
  async approvalFile(input: { threadId: string; turnId: string; requestId: string }): Promise<ApprovalFile> {
    const turn = this.deps.turns.turn(input.turnId);
    if (turn?.threadId !== input.threadId) return { state: 'gone' };
    return turn.approvalFile(input.requestId);
  }

  /**
   * Ask ↔ Accept edits switches the running processes at once (set_permission_mode, case 26). Full
   * access is a launch flag the CLI refuses to switch to live (`bypass_not_launched`), so a switch to
   * or from it applies from the next message, and the user is told. Returns the mode Claude Code answered it
   * took when that is another than the one asked (case 60: a managed or locked setting decides), so the caller
   * saves and shows that one; undefined otherwise.
   */
  async permissionModeChanged(
    previous: PermissionMode,
    next: PermissionMode,
    /** Which threads the change is for: one thread (its header), or those that follow the default. */
    which: string | ((threadId: string) => boolean),
  ): Promise<PermissionMode | undefined> {
    const running = typeof which === 'string' ? this.live(which) : this.live().filter((t) => which(t.threadId));
    if (previous === next || running.length === 0) return undefined;
    if (previous === 'bypassPermissions' || next === 'bypassPermissions') {
      this.deps.notice({
        level: 'info',
        message:
          next === 'bypassPermissions'
            ? 'Full access applies from your next message; the answer in progress keeps its permissions.'
            : 'Full access stays on for the answer in progress; your next message uses the new mode.',
      });
      return undefined;
    }
    const results = await Promise.all(running.map((t) => t.setPermissionMode(next)));
    const failed = results.find((r) => !r.ok);
    // The mode Claude Code answered it took (case 60), where it is not the one asked: a setting of its decides.
    const other = results.map(permissionModeInEffect).find((m) => m !== undefined && m !== cliPermissionMode(next));
    if (failed) {
      this.deps.notice({ level: 'warning', message: `The running answer kept its permission mode: ${failed.error}` });
    } else if (other) {
      this.deps.notice({
        level: 'warning',
        message: `Claude Code runs the answer in progress in ${cliModeLabel(other)} mode, not ${cliModeLabel(cliPermissionMode(next))}: one of its settings decides the mode (a managed or locked setting). This thread is now in ${cliModeLabel(other)} mode. See Settings → Claude Code → Permissions.`,
      });
      return deskPermissionMode(other);
    } else if (next === 'ask') {
      // The running process was launched with shell and network tools withheld; that is a launch flag.
      this.deps.notice({
        level: 'info',
        message: 'Ask mode is on. Shell and web tools become available from your next message.',
      });
    }
    return undefined;
  }

  /**
   * A model change while the thread's CLI is running: set_model (case 27). The CLI probes the model
   * first; `not_found` (case 27b) comes back as an error and the model stays. No running process: ok.
   */
  async setModel(threadId: string, model: string | undefined): Promise<{ ok: true } | { ok: false; error: string }> {
    const cliModel = parseModelRouting(model).model;
    for (const turn of this.live(threadId)) {
      const result = await turn.setModel(model);
      if (!result.ok) {
        const why =
          result.errorCode === 'not_found'
            ? `Claude Code could not find the model ${cliModel ?? 'default'}`
            : result.error;
        return { ok: false, error: `${why}. The model stays as it was.` };
      }
    }
    return { ok: true };
  }

  private live(threadId?: string): TurnHandle[] {
    return this.deps.turns.running(threadId).filter((t) => t.running);
  }
}
