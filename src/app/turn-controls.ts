import type { Events } from '../shared/contract';
import type { PermissionMode } from '../shared/settings';
import type { ApprovalDecision } from '../shared/turn-events';
import { parseModelRouting } from '../core/turn/build-turn-args';
import { cliPermissionMode } from '../core/turn/control-protocol';
import { ControlSession } from '../core/turn/control-session';
import type { TurnRequest } from '../core/turn/turn-request';

export interface TurnControlsDeps {
  notice: (notice: Events['notice']) => void;
  log?: (message: string) => void;
}

/**
 * The control protocol of every running turn, for the app: approval answers by request id, and the
 * live switches (permission mode, model) sent to the processes that are running right now (issue 8).
 */
export class TurnControls {
  private readonly sessions = new Map<string, ControlSession>(); // by turnId

  constructor(private readonly deps: TurnControlsDeps) {}

  /**
   * The hooks a turn request needs so its approval prompts reach the user (spread into the request).
   * The session is registered once a process attaches, so a turn that never spawns leaves nothing behind.
   */
  hooks(threadId: string, turnId: string): Pick<TurnRequest, 'onControl' | 'onChannel'> {
    const session = new ControlSession({ threadId, turnId, log: this.deps.log });
    const register = (): void => {
      if (this.sessions.get(turnId) === session || !session.live) return;
      this.sessions.set(turnId, session);
    };
    session.onClose(() => {
      if (this.sessions.get(turnId) === session) this.sessions.delete(turnId);
    });
    return {
      onChannel: (c) => {
        session.attach(c);
        register();
      },
      onControl: (m, c) => {
        session.handle(m, c);
        register();
      },
    };
  }

  answer(input: { threadId: string; turnId: string; requestId: string; decision: ApprovalDecision }): void {
    const session = this.sessions.get(input.turnId);
    const ok = session?.threadId === input.threadId && session.answer(input.requestId, input.decision);
    if (!ok) throw new Error('This request is no longer waiting: it was answered, withdrawn, or its turn ended.');
  }

  hasLiveTurn(threadId: string): boolean {
    return this.live(threadId).length > 0;
  }

  /**
   * Ask ↔ Accept edits switches the running processes at once (set_permission_mode, case 26). Full
   * access is a launch flag the CLI refuses to switch to live (`bypass_not_launched`), so a switch to
   * or from it applies from the next message, and the user is told.
   */
  async permissionModeChanged(previous: PermissionMode, next: PermissionMode): Promise<void> {
    const running = this.live();
    if (previous === next || running.length === 0) return;
    if (previous === 'bypassPermissions' || next === 'bypassPermissions') {
      this.deps.notice({
        level: 'info',
        message:
          next === 'bypassPermissions'
            ? 'Full access applies from your next message; the answer in progress keeps its permissions.'
            : 'Full access stays on for the answer in progress; your next message uses the new mode.',
      });
      return;
    }
    const results = await Promise.all(running.map((s) => s.setPermissionMode(cliPermissionMode(next))));
    const failed = results.find((r) => !r.ok);
    if (failed) {
      this.deps.notice({ level: 'warning', message: `The running answer kept its permission mode: ${failed.error}` });
    } else if (next === 'ask') {
      // The running process was launched with shell and network tools withheld; that is a launch flag.
      this.deps.notice({
        level: 'info',
        message: 'Ask mode is on. Shell and web tools become available from your next message.',
      });
    }
  }

  /**
   * A model change while the thread's CLI is running: set_model (case 27). The CLI probes the model
   * first; `not_found` (case 27b) comes back as an error and the model stays. No running process: ok.
   */
  async setModel(threadId: string, model: string | undefined): Promise<{ ok: true } | { ok: false; error: string }> {
    const cliModel = parseModelRouting(model).model;
    for (const session of this.live(threadId)) {
      const result = await session.setModel(cliModel);
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

  private live(threadId?: string): ControlSession[] {
    return [...this.sessions.values()].filter((s) => s.live && (threadId === undefined || s.threadId === threadId));
  }
}
