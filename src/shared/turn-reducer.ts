/**
 * Folds TurnEvents into an AssistantMessage. Pure and dependency-free: the app host (to persist) and the
 * renderer (to draw) run the same code, so what is shown is what is saved.
 *
 * Immutability contract: `applyTurnEvent` returns the SAME object when an event changes nothing,
 * and otherwise a new message whose untouched parts keep their identity, so React re-renders
 * only the part being streamed.
 */
import type { ApprovalCard, AssistantMessage, AssistantPart, ThreadTotals, TurnStatus } from './threads';
import type { ApprovalRequest, TurnEvent, TurnVerdict } from './turn-events';
import { parseRateLimit } from './rate-limit';
import { addVerdictToTotals } from './turn-costs';
import { FINISHED_STATUSES } from './turn-states';

type TextLike = Extract<AssistantPart, { kind: 'text' | 'thinking' }>;
type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;

const FINAL: ReadonlySet<TurnStatus> = new Set(FINISHED_STATUSES);

export function isFinalStatus(status: TurnStatus): boolean {
  return FINAL.has(status);
}

export function newAssistantMessage(turnId: string, createdAt: number): AssistantMessage {
  return { id: turnId, role: 'assistant', createdAt, status: 'queued', parts: [] };
}

export const EMPTY_TOTALS: ThreadTotals = { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0, turns: 0 };

/** One finished turn added to a thread's running totals: see addVerdictToTotals (failed turns are not turns). */
export const threadTotalsAdd: (totals: ThreadTotals, verdict: TurnVerdict) => ThreadTotals = addVerdictToTotals;

const hasBackgroundAgent = (msg: AssistantMessage): boolean =>
  msg.parts.some((p) => p.kind === 'tool' && p.subagent?.background === true);

export function applyTurnEvent(msg: AssistantMessage, e: TurnEvent): AssistantMessage {
  // A sub-agent's calls and results go into its Agent card's children (recorded case 34b).
  if ((e.type === 'tool_call' || e.type === 'tool_result') && e.parentToolUseId) {
    const { parentToolUseId, ...own } = e;
    return inParent(msg, parentToolUseId, (m) => applyTurnEvent(m, own as TurnEvent));
  }
  switch (e.type) {
    case 'text_delta':
      return clearRetry(appendDelta(msg, 'text', e.messageId, e.text));
    case 'thinking_delta':
      return clearRetry(appendDelta(msg, 'thinking', e.messageId, e.text));
    case 'text':
      return clearRetry(addWholeText(msg, e.messageId, e.text));
    case 'abandon': {
      const parts = msg.parts.filter((p) => p.kind === 'tool' || p.messageId !== e.messageId);
      return parts.length === msg.parts.length ? msg : { ...msg, parts };
    }
    case 'tool_call':
      return clearRetry(addToolCall(msg, e.toolUseId, e.name, e.input, e.startedAt));
    case 'tool_result':
      return updateTool(msg, e.toolUseId, (p) =>
        p.result === e.content && p.isError === e.isError && p.detail === e.detail
          ? p
          : {
              ...p,
              result: e.content,
              isError: e.isError,
              ...(e.detail ? { detail: e.detail } : {}),
              ...(e.fullChars !== undefined ? { resultChars: e.fullChars } : {}),
            },
      );
    case 'subagent_text':
      return inParent(msg, e.parentToolUseId, (m) => ({ ...m, parts: [...m.parts, { kind: 'text', text: e.text }] }));
    case 'subagent': {
      const { type: _t, threadId: _th, turnId: _tu, toolUseId, ...state } = e;
      return updateTool(msg, toolUseId, (p) => {
        // The end (task_notification) adds totals to what the start (task_started) said.
        const known = Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined));
        const next = { ...p.subagent, ...known } as NonNullable<ToolPart['subagent']>;
        return sameJson(p.subagent, next) ? p : { ...p, subagent: next };
      });
    }
    case 'background_command':
      return updateTool(msg, e.toolUseId, (p) => {
        // Stopped by the CLI (task_notification), then marked as stopped because the answer ended: the mark stays.
        const endedWithTurn = e.endedWithTurn ?? p.backgroundCommand?.endedWithTurn;
        const next = { status: e.status, ...(endedWithTurn ? { endedWithTurn } : {}) };
        return sameJson(p.backgroundCommand, next) ? p : { ...p, backgroundCommand: next };
      });
    case 'compacted':
      // Where it happened among the turn's parts: an automatic compaction mid-turn divides what came before it.
      return {
        ...msg,
        compacted: { trigger: e.trigger, preTokens: e.preTokens, postTokens: e.postTokens, atPart: msg.parts.length },
      };
    case 'context_usage':
      return sameJson(msg.contextUsage, e.usage) ? msg : { ...msg, contextUsage: e.usage };
    case 'permission_denied':
      return updateTool(msg, e.toolUseId, (p) => (p.denied === e.message ? p : { ...p, denied: e.message }));
    case 'queued':
      return setStatus(msg, 'queued');
    case 'started':
      return setStatus(msg, 'running');
    case 'init': {
      // A later init in the same turn is the CLI's own follow-up on a background sub-agent (case 34): mark where.
      const at = msg.parts.length;
      const marked =
        at > 0 && hasBackgroundAgent(msg) && !msg.followUps?.includes(at)
          ? { ...msg, followUps: [...(msg.followUps ?? []), at] }
          : msg;
      const servers =
        e.mcpServers.length > 0 && JSON.stringify(e.mcpServers) !== JSON.stringify(marked.mcpServers)
          ? { mcpServers: e.mcpServers }
          : {};
      return marked.model === e.model && !servers.mcpServers ? marked : { ...marked, model: e.model, ...servers };
    }
    case 'approval_request':
      return setStatus(addApproval(msg, e.request), 'waiting');
    case 'approval_resolved':
      return resolveApproval(
        msg,
        e.requestId,
        e.outcome,
        e.editedInput,
        e.actor ? { actor: e.actor, scope: e.scope } : undefined,
      );
    case 'retry': {
      if (isFinalStatus(msg.status)) return msg;
      const same = msg.retry?.attempt === e.attempt && msg.retry.maxRetries === e.maxRetries;
      const retry = {
        attempt: e.attempt,
        maxRetries: e.maxRetries,
        ...(e.errorStatus !== undefined ? { errorStatus: e.errorStatus } : {}),
        ...(e.error !== undefined ? { error: e.error } : {}),
        ...(e.delayMs !== undefined ? { delayMs: e.delayMs } : {}),
      };
      const next = same ? msg : { ...msg, retry };
      return setStatus(next, 'running');
    }
    case 'retry_cleared':
      return clearRetry(msg);
    case 'warning':
      return { ...msg, warnings: [...(msg.warnings ?? []), e.message] };
    case 'hook':
      return applyHook(msg, e);
    case 'result':
      // A stop ends with an is_error result whose terminal_reason is `aborted_streaming` / `aborted_tools`
      // (recorded cases 25, 25c) just before `finished: stopped`: not a failure, so `finished` sets the status.
      if (e.verdict.terminalReason?.startsWith('aborted')) return clearRetry({ ...msg, verdict: e.verdict });
      return clearRetry({ ...msg, verdict: e.verdict, status: e.verdict.isError ? 'failed' : 'done' });
    case 'error':
      return clearRetry({ ...msg, error: e.error, status: 'failed' });
    case 'finished': {
      // The engine's final word wins over a verdict (e.g. case 25: a stop yields an is_error result first).
      const ended = clearRetry(msg.status === e.status ? msg : { ...msg, status: e.status });
      // A card can no longer be answered once its process is gone.
      return ended.approvals?.some((c) => !c.outcome)
        ? { ...ended, approvals: ended.approvals.map((c) => (c.outcome ? c : { ...c, outcome: 'cancelled' as const })) }
        : ended;
    }
    case 'rate_limit': {
      const info = parseRateLimit(e.info);
      return info && !sameJson(info, msg.rateLimit) ? { ...msg, rateLimit: info } : msg;
    }
    case 'cli_uuids':
      return {
        ...msg,
        cli: {
          ...msg.cli,
          ...(e.userUuid ? { userUuid: e.userUuid } : {}),
          ...(e.assistantUuid ? { assistantUuid: e.assistantUuid } : {}),
        },
      };
    case 'message_start':
      return msg;
    default: {
      // Exhaustiveness: a new event type must be handled here (or explicitly ignored above).
      const unhandled: never = e;
      void unhandled;
      return msg;
    }
  }
}

/** Hooks that run before their tool call does (case 44b: `hook_started PreToolUse:Write` right after the tool_use). */
const BEFORE_THE_CALL = new Set(['PreToolUse', 'PermissionRequest']);

/**
 * Where a hook's line goes: where the turn is — except a hook that runs before its call, which goes before that
 * call's card (the latest call of its tool without a result yet), so the lines read in the order things ran.
 */
function hookPlace(msg: AssistantMessage, e: { name: string; event: string }): number {
  if (!BEFORE_THE_CALL.has(e.event)) return msg.parts.length;
  const tool = e.name.slice(e.name.indexOf(':') + 1);
  for (let j = msg.parts.length - 1; j >= 0; j--) {
    const part = msg.parts[j]!;
    if (part.kind === 'tool' && part.name === tool && part.result === undefined) return j;
  }
  return msg.parts.length;
}

/** A hook's start adds its line where the turn is; its end (same `hookId`) says how it went. */
function applyHook(msg: AssistantMessage, e: Extract<TurnEvent, { type: 'hook' }>): AssistantMessage {
  const hooks = msg.hooks ?? [];
  const i = hooks.findIndex((h) => h.hookId === e.hookId);
  const ended = {
    ...(e.outcome ? { outcome: e.outcome } : {}),
    ...(e.exitCode !== undefined ? { exitCode: e.exitCode } : {}),
    ...(e.message ? { message: e.message } : {}),
  };
  if (i < 0) {
    const run = { hookId: e.hookId, name: e.name, event: e.event, atPart: hookPlace(msg, e), ...ended };
    return { ...msg, hooks: [...hooks, run] };
  }
  const next = { ...hooks[i]!, ...ended };
  if (sameJson(hooks[i], next)) return msg;
  const copy = hooks.slice();
  copy[i] = next;
  return { ...msg, hooks: copy };
}

/** Progress events never reopen a turn that already ended. */
function setStatus(msg: AssistantMessage, status: TurnStatus): AssistantMessage {
  if (msg.status === status || isFinalStatus(msg.status)) return msg;
  return { ...msg, status };
}

function addApproval(msg: AssistantMessage, request: ApprovalRequest): AssistantMessage {
  const cards = msg.approvals ?? [];
  if (cards.some((c) => c.request.requestId === request.requestId)) return msg;
  return { ...msg, approvals: [...cards, { request }] };
}

/** The turn goes back to running only when no other card still waits (several may queue). */
function resolveApproval(
  msg: AssistantMessage,
  requestId: string,
  outcome: ApprovalCard['outcome'],
  editedInput?: Record<string, unknown>,
  fromDevice?: Pick<ApprovalCard, 'actor' | 'scope'>,
): AssistantMessage {
  const cards = msg.approvals ?? [];
  const i = cards.findIndex((c) => c.request.requestId === requestId);
  let next = msg;
  if (i >= 0 && cards[i]!.outcome !== outcome) {
    const approvals = cards.slice();
    approvals[i] = { ...cards[i]!, outcome, ...(editedInput ? { editedInput } : {}), ...fromDevice };
    next = { ...msg, approvals };
    // The call's card shows and keeps what actually ran, with what the model proposed beside it.
    const toolUseId = cards[i]!.request.toolUseId;
    if (editedInput && toolUseId) {
      next = updateTool(next, toolUseId, (p) => ({
        ...p,
        proposedInput: p.proposedInput ?? p.input,
        input: editedInput,
      }));
    }
  }
  const waiting = next.approvals?.some((c) => !c.outcome) ?? false;
  return next.status === 'waiting' && !waiting ? setStatus(next, 'running') : next;
}

function clearRetry(msg: AssistantMessage): AssistantMessage {
  if (msg.retry === undefined) return msg;
  const { retry: _dropped, ...rest } = msg;
  return rest;
}

/**
 * A delta extends the LAST part when it is the same kind from the same API message; anything in
 * between (a tool call, a thinking block, another message) starts a new part, which keeps the
 * order the user saw the blocks stream in.
 */
function appendDelta(msg: AssistantMessage, kind: TextLike['kind'], messageId: string, text: string): AssistantMessage {
  if (text === '') return msg;
  const last = msg.parts[msg.parts.length - 1];
  if (last && last.kind === kind && last.messageId === messageId) {
    const parts = msg.parts.slice();
    parts[parts.length - 1] = { ...last, text: last.text + text };
    return { ...msg, parts };
  }
  return { ...msg, parts: [...msg.parts, { kind, text, messageId }] };
}

/**
 * A whole block. The CLI also prints the complete `assistant` message after streaming it, so a block
 * equal to text already streamed for that message is the same text, not new text (streamed exactly once).
 */
function addWholeText(msg: AssistantMessage, messageId: string, text: string): AssistantMessage {
  if (text === '') return msg;
  const dup = msg.parts.some((p) => p.kind === 'text' && p.messageId === messageId && p.text === text);
  if (dup) return msg;
  return { ...msg, parts: [...msg.parts, { kind: 'text', text, messageId }] };
}

function addToolCall(
  msg: AssistantMessage,
  toolUseId: string,
  name: string,
  input: unknown,
  startedAt?: number,
): AssistantMessage {
  const i = msg.parts.findIndex((p) => p.kind === 'tool' && p.toolUseId === toolUseId);
  if (i < 0) {
    const part: ToolPart = { kind: 'tool', toolUseId, name, input, ...(startedAt !== undefined ? { startedAt } : {}) };
    return { ...msg, parts: [...msg.parts, part] };
  }
  // A repeated call for the same id (partial input first, full input later) updates the card in place.
  const existing = msg.parts[i] as ToolPart;
  // An input the user edited before allowing is what ran: a late copy of the model's input does not undo it.
  if (existing.proposedInput !== undefined) return msg;
  if (existing.name === name && sameJson(existing.input, input)) return msg;
  const parts = msg.parts.slice();
  parts[i] = { ...existing, name, input };
  return { ...msg, parts };
}

/** Apply `fn` to the children of an Agent call, as if they were a message of their own. */
function inParent(
  msg: AssistantMessage,
  parentId: string,
  fn: (m: AssistantMessage) => AssistantMessage,
): AssistantMessage {
  return updateTool(msg, parentId, (p) => {
    const children = p.children ?? [];
    const next = fn({ ...msg, parts: children });
    return next.parts === children ? p : { ...p, children: next.parts };
  });
}

/**
 * The card of a tool call, wherever it sits: at the top, or among a sub-agent's calls in its Agent card (a command a
 * sub-agent ran in the background, case 40, is named by its own id only). Events for a call this message never saw
 * are ignored (they belong to no card).
 */
function updateTool(msg: AssistantMessage, toolUseId: string, update: (p: ToolPart) => ToolPart): AssistantMessage {
  const i = msg.parts.findIndex((p) => p.kind === 'tool' && p.toolUseId === toolUseId);
  if (i < 0) {
    for (const parent of msg.parts) {
      if (parent.kind !== 'tool' || !parent.children?.length) continue;
      const inner = inParent(msg, parent.toolUseId, (m) => updateTool(m, toolUseId, update));
      if (inner !== msg) return inner;
    }
    return msg;
  }
  const before = msg.parts[i] as ToolPart;
  const after = update(before);
  if (after === before) return msg;
  const parts = msg.parts.slice();
  parts[i] = after;
  return { ...msg, parts };
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
