import { randomUUID } from 'node:crypto';
import type {
  ApprovalDecision,
  ApprovalFile,
  ApprovalRequest,
  ApprovalScope,
  TurnEvent,
} from '../../shared/turn-events';
import type { DeviceActor } from '../../shared/phone';
import type { ApprovalOutcome } from '../../shared/turn-states';
import { approvalOffers, permissionsFor } from '../../shared/approval-scopes';
import { sessionAllowRules } from './session-rules';
import { readApprovalFile } from './approval-file';
import type { CliControlMessage } from './cli-event-mapper';
import { type Json, isObject, str } from '../claude-code-wire/cli-json';
import {
  type CliPermissionMode,
  type ControlResult,
  parseCancel,
  parseCanUseTool,
  parseToolGate,
  permissionResponse,
  toolGateCall,
  toolGateDeny,
  toolGateOpen,
} from '../claude-code-wire/control-protocol';
import { editsFiles } from './edit-tools';
import type { FirstEditAnswer, FirstEditCall } from './turn-request';
import { ControlRequests, type Timers } from '../claude-code-wire/control-requests';

/** How long the app waits for a control_response (set_model probes the model first, case 27). */
export const CONTROL_REQUEST_TIMEOUT_MS = 10_000;

/** What the control session may do with the running process (runAttempt and a kept process build it). */
export interface ControlChannel {
  /** Write one JSON line to the CLI's stdin. */
  send(message: object): void;
  /** The CLI waits without output while a card waits (case 23): hold the idle bound meanwhile. */
  pauseIdle(): void;
  resumeIdle(): void;
  /** Push an app event for this turn (approval_request, approval_resolved, …). */
  emit(event: TurnEvent): void;
  /** Settles when the process has exited (open cards are then withdrawn). */
  closed?: Promise<unknown>;
}

export interface ControlSessionOptions {
  threadId: string;
  turnId: string;
  log?: (message: string) => void;
  newId?: () => string;
  /** A request with no control_response by then resolves `{ ok: false }`; default CONTROL_REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
  clock?: Timers;
  /**
   * false: nobody can answer an approval card, so core's default policy denies each prompt at once
   * with a sentence the model reads (case 21) and no card is shown. Default true.
   */
  askUser?: boolean;
  /**
   * What every tool of the turn waits for (the before-turn snapshot of the project, started by the first call if
   * it was not yet): the CLI asks before each tool (a PreToolUse hook, case 43) and is answered once it settles,
   * however it settles.
   */
  toolGate?: () => Promise<unknown>;
  /** A "when Claude first edits" thread: asked once, before the first tool call that may change files. */
  firstEdit?: (call: FirstEditCall) => Promise<FirstEditAnswer>;
  /** The folder the CLI runs in: a card's file rule (`Edit(<path>)`) is written relative to it. */
  projectDir?: string;
  /** The user allowed these rules "for this session" (the host keeps them for the session's next processes). */
  onSessionRules?: (rules: string[]) => void;
}

/** What the model reads when a tool needed approval and nobody could be asked. */
export const NO_ONE_TO_ASK = 'Claude Desk could not ask the user for approval, so this tool was not run.';

/**
 * Claude Desk's side of the control protocol for one CLI process: approval cards (the broker), and the
 * app's own requests (set_permission_mode, set_model, interrupt) matched to their responses by
 * request_id. runAttempt owns one per process; the turn's TurnHandle forwards to it.
 */
export class ControlSession {
  private channel: ControlChannel | undefined;
  private readonly pending = new Map<string, ApprovalRequest>();
  private readonly requests: ControlRequests;
  private closed = false;
  /** The tool gate has settled: later tools are let through at once. */
  private gateOpen = false;
  /** The answer to the first editing call, shared by every editing call of this process. */
  private firstEditAnswer: Promise<FirstEditAnswer> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: ControlSessionOptions) {
    this.requests = new ControlRequests(options.clock, options.requestTimeoutMs ?? CONTROL_REQUEST_TIMEOUT_MS);
  }

  get threadId(): string {
    return this.options.threadId;
  }

  get turnId(): string {
    return this.options.turnId;
  }

  /** True while a process is attached and has not exited. */
  get live(): boolean {
    return this.channel !== undefined && !this.closed;
  }

  /** Approval cards still waiting for the user, oldest first. */
  pendingApprovals(): ApprovalRequest[] {
    return [...this.pending.values()];
  }

  /** Called when the session closes (process exited). */
  onClose(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Bind to a process. A retried attempt (lost-session fallback) brings a new one: the session reopens. */
  attach(channel: ControlChannel): void {
    if (this.channel === channel) return;
    this.channel = channel;
    this.closed = false;
    void channel.closed?.then(() => {
      if (this.channel === channel) this.close();
    });
  }

  /** A control line from the CLI (can_use_tool, control_response, control_cancel_request). */
  handle(message: CliControlMessage, channel: ControlChannel): void {
    this.attach(channel);
    const raw = message.raw;
    if (message.type === 'control_response') {
      this.requests.settle(raw); // a response to nobody is ignored, as the CLI itself does (case 24c)
      return;
    }
    if (message.type === 'control_cancel_request') {
      const requestId = parseCancel(raw);
      if (requestId) this.resolve(requestId, 'cancelled');
      return;
    }
    const gate = parseToolGate(raw);
    if (gate) {
      const call = toolGateCall(raw);
      // In Plan mode Claude Code refuses every edit itself: nothing to move for.
      const edits = call && call.permissionMode !== 'plan' && editsFiles(call.toolName, call.input);
      if (call && edits && this.options.firstEdit) this.holdEdit(gate, call, channel);
      else this.openGate(gate, channel);
      return;
    }
    const approval = parseCanUseTool(raw);
    if (approval && this.options.askUser === false) {
      channel.send(permissionResponse(approval, { behavior: 'deny', message: NO_ONE_TO_ASK }));
      return;
    }
    if (approval) {
      // The scopes and their rules are fixed when the card appears: what it shows is what an answer writes.
      approval.offers = approvalOffers(approval, this.options.projectDir);
      this.pending.set(approval.requestId, approval);
      // The CLI waits forever for the answer (case 23): the idle bound must not kill the card.
      if (this.pending.size === 1) channel.pauseIdle();
      this.emit({ type: 'approval_request', request: approval });
      return;
    }
    this.refuseUnknown(raw, channel);
  }

  /** The file a waiting card is about, as it is on disk now (`gone` once it no longer waits). */
  approvalFile(requestId: string): Promise<ApprovalFile> {
    const request = this.pending.get(requestId);
    const projectDir = this.options.projectDir;
    if (!request || !projectDir) return Promise.resolve({ state: 'gone' });
    return readApprovalFile(request, projectDir);
  }

  /** Answer one card by its request id; false when it is no longer pending (answered, cancelled, gone). */
  answer(requestId: string, decision: ApprovalDecision): boolean {
    const request = this.pending.get(requestId);
    if (!request || !this.channel || this.closed) return false;
    this.channel.send(permissionResponse(request, decision));
    if (decision.behavior === 'allow' && decision.scope === 'session') {
      const rules = sessionAllowRules(permissionsFor('session', request));
      if (rules.length > 0) this.options.onSessionRules?.(rules);
    }
    const edited =
      decision.behavior === 'allow' &&
      decision.updatedInput &&
      JSON.stringify(decision.updatedInput) !== JSON.stringify(request.input)
        ? decision.updatedInput
        : undefined;
    const fromDevice = decision.actor
      ? { actor: decision.actor, ...(decision.behavior === 'allow' ? { scope: decision.scope } : {}) }
      : undefined;
    this.resolve(requestId, decision.behavior === 'allow' ? 'allowed' : 'denied', edited, fromDevice);
    return true;
  }

  /** Switch ask ↔ acceptEdits in the running process (case 26); bypass is refused unless launched with it. */
  setPermissionMode(mode: CliPermissionMode): Promise<ControlResult> {
    return this.request('mode', { subtype: 'set_permission_mode', mode });
  }

  /** Switch the model; the CLI probes it first and answers `not_found` for an unknown one (cases 27/27b). */
  setModel(model: string | undefined): Promise<ControlResult> {
    return this.request('model', { subtype: 'set_model', model: model ?? 'default' });
  }

  /** Interrupt the turn in progress; the CLI answers with its own `result` (case 25). */
  interrupt(): Promise<ControlResult> {
    return this.request('int', { subtype: 'interrupt' });
  }

  /** Send a control_request and wait for its control_response (or the process to end). */
  request(prefix: string, body: { subtype: string } & Json): Promise<ControlResult> {
    const requestId = `${prefix}-${(this.options.newId ?? randomUUID)()}`;
    if (!this.channel || this.closed) {
      return Promise.resolve({ requestId, ok: false, error: 'Claude Code is not running.' });
    }
    const channel = this.channel;
    // A CLI that never answers must not hang the caller: the settings dialog awaits set_model before it saves.
    return this.requests.send(requestId, body, (message) => channel.send(message));
  }

  /** The process is gone: every open card is withdrawn, every open request fails. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const requestId of [...this.pending.keys()]) this.resolve(requestId, 'cancelled');
    this.requests.failAll('Claude Code ended before it answered.');
    for (const listener of this.listeners) listener();
  }

  private resolve(
    requestId: string,
    outcome: ApprovalOutcome,
    editedInput?: Record<string, unknown>,
    fromDevice?: { actor: DeviceActor; scope?: ApprovalScope },
  ): void {
    if (!this.pending.delete(requestId)) return;
    if (this.pending.size === 0) this.channel?.resumeIdle();
    this.emit({
      type: 'approval_resolved',
      requestId,
      outcome,
      ...(editedInput ? { editedInput } : {}),
      ...fromDevice,
    });
  }

  /** The CLI waits, silent, for the answer: the idle bound is held meanwhile, as for a card. */
  private openGate(requestId: string, channel: ControlChannel): void {
    const gate = this.options.toolGate;
    if (!gate || this.gateOpen) {
      channel.send(toolGateOpen(requestId));
      return;
    }
    channel.pauseIdle();
    let waiting: Promise<unknown>;
    try {
      waiting = gate();
    } catch (err) {
      waiting = Promise.reject(err);
    }
    void waiting
      .catch(() => undefined)
      .then(() => {
        this.gateOpen = true;
        if (this.pending.size === 0) channel.resumeIdle(); // a card still waiting holds it on
        if (!this.closed) channel.send(toolGateOpen(requestId));
      });
  }

  /**
   * An editing call of a "when Claude first edits" thread: it waits (the idle bound held, as at the gate) until the
   * gate has settled and the host has answered — the worktree made (refused, and the turn stops to go on there), or
   * not (refused with why) — and never runs in the folder unless the host says `go`.
   */
  private holdEdit(requestId: string, call: FirstEditCall, channel: ControlChannel): void {
    const ask = this.options.firstEdit!;
    channel.pauseIdle();
    const gate = this.options.toolGate && !this.gateOpen ? this.options.toolGate : () => Promise.resolve();
    const answer = (this.firstEditAnswer ??= Promise.resolve()
      .then(gate)
      .catch(() => undefined)
      .then(() => ask(call))
      .catch((err: unknown): FirstEditAnswer => ({
        kind: 'refused',
        reason: `Not run: Claude Desk could not prepare this thread's worktree (${(err as Error).message}). Nothing was changed. Do not change files; tell the user.`,
      })));
    void answer.then((a) => {
      if (this.pending.size === 0) channel.resumeIdle();
      if (this.closed) return;
      if (a.kind === 'go') channel.send(toolGateOpen(requestId));
      else channel.send(toolGateDeny(requestId, a.reason, a.kind === 'moved'));
    });
  }

  /** A request the app does not implement still gets an answer, so the CLI never waits for it. */
  private refuseUnknown(raw: Json, channel: ControlChannel): void {
    const requestId = str(raw.request_id);
    if (raw.type !== 'control_request' || !requestId) return;
    const subtype = isObject(raw.request) ? str(raw.request.subtype) : undefined;
    this.options.log?.(`unhandled CLI control request: ${subtype ?? '?'}`);
    channel.send({
      type: 'control_response',
      response: { subtype: 'error', request_id: requestId, error: `Claude Desk does not handle ${subtype ?? 'this'}.` },
    });
  }

  private emit(
    body:
      | { type: 'approval_request'; request: ApprovalRequest }
      | {
          type: 'approval_resolved';
          requestId: string;
          outcome: ApprovalOutcome;
          editedInput?: Record<string, unknown>;
          actor?: DeviceActor;
          scope?: ApprovalScope;
        },
  ): void {
    this.channel?.emit({ threadId: this.options.threadId, turnId: this.options.turnId, ...body });
  }
}
