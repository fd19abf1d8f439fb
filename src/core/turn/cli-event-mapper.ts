import { parseContextUsage } from '../../shared/context-usage';
import { acceptProgramAdvice } from './accept-program';
import type { TurnError, TurnEvent } from '../../shared/turn-events';
import type { BigText } from '../claude-code-wire/big-text';
import { type Json, isObject, num, omit, str, textOf } from '../claude-code-wire/cli-json';
import { type CliVerdict, looksLikeAuthFailure, parseResult } from './cli-verdict';
import { BackgroundCommandLines } from './background-command-lines';
import { subagentLine, subagentTask } from './subagent-lines';
import type { EventBody } from './event-body';
import { apiRetryLine, compactedLine, initLine } from './system-lines';
import { toolResultLines } from './tool-result-lines';
import { hookLine } from './hook-lines';

/** A control-protocol line (cases 20–27), handed on untouched for the approval flow. */
export interface CliControlMessage {
  type: 'control_request' | 'control_response' | 'control_cancel_request';
  raw: Json;
}

/** What one raw CLI line means for the turn. */
export interface MappedLine {
  events: TurnEvent[];
  /** Set by the `result` line. The engine decides whether to show it (session fallback hides case 03). */
  verdict?: CliVerdict;
  /** Stop the turn now with this error (api_retry 401/403, case 12d: otherwise ~3 min of retries). */
  fatal?: TurnError;
  control?: CliControlMessage;
  /** `system/init` session id: the CLI accepted the session. */
  sessionId?: string;
  /** Tool results too big to copy (BigText, from a long line): their events carry a head and `fullChars`. */
  bigResults?: { toolUseId: string; text: BigText }[];
  /** `system/status requesting`: the CLI is sending an API request (what it knows so far goes with it, case 40g). */
  requesting?: boolean;
}

export interface CliEventMapperOptions {
  threadId: string;
  turnId: string;
  /** Name of the app's MCP server in --mcp-config; a `failed` status for it becomes a warning. */
  appMcpServerName?: string;
  /** The session's running cost after its previous turn (SessionCostsStore); 0 or absent for a fresh session. */
  sessionCostBefore?: number;
}

const NOTHING: MappedLine = Object.freeze({ events: [] }) as MappedLine;

/**
 * Pure, stateful mapping of raw stream-json lines to the app's TurnEvents. Everything
 * it does not know — unknown types, system/status, system/thinking_tokens, replayed user lines — maps to
 * nothing, never to an exception.
 */
export class CliEventMapper {
  /** Message ids that streamed text (resp. thinking) deltas: their `assistant` copies are not repeated. */
  private readonly streamedText = new Set<string>();
  private readonly streamedThinking = new Set<string>();
  private readonly startedMessages = new Set<string>();
  /** Per message: highest block index that streamed deltas, and the blocks completed by `assistant` lines. */
  private readonly blocks = new Map<string, { maxDeltaIndex: number; committed: { kind: string; text: string }[] }>();
  private currentMessageId: string | undefined;
  /** The accept-program advice was given in this turn (once is enough). */
  private acceptProgramSaid = false;
  /** Messages cut short by an interrupt (`assistant` with `aborted:true`, case 25): the partial answer stays. */
  private readonly interrupted = new Set<string>();
  private retrying = false;
  /** The latest API call's input (with cache) + output tokens: what the context window holds now. */
  private contextTokens: number | undefined;
  private lastInputTokens = 0;
  private sawPromptReplay = false;
  private sawAuthErrorMessage = false;
  private apiErrorText: string | undefined;
  private readonly backgroundCommands = new BackgroundCommandLines();

  constructor(private readonly options: CliEventMapperOptions) {}

  /** The text of a synthetic API-error `assistant` message (e.g. "Invalid API key · …"), if any. */
  get lastApiErrorText(): string | undefined {
    return this.apiErrorText;
  }

  map(raw: unknown): MappedLine {
    if (!isObject(raw)) return NOTHING;
    const type = raw.type;
    // Sub-agent traffic carries parent_tool_use_id (case 34b): it goes under its Agent card, never into the answer.
    const parent = str(raw.parent_tool_use_id);
    if (parent && (type === 'stream_event' || type === 'assistant' || type === 'user')) {
      const events = type === 'stream_event' ? [] : subagentLine(raw, parent).map((b) => this.ev(b));
      return events.length ? { events } : NOTHING;
    }
    switch (type) {
      case 'stream_event':
        return this.streamEvent(raw);
      case 'assistant':
        return withCheckpoint(this.assistant(raw), this.checkpoint('assistant', raw));
      case 'user':
        return withCheckpoint(this.user(raw), this.checkpoint('user', raw));
      case 'system':
        return this.system(raw);
      case 'result': {
        const verdict = parseResult(raw, this.sawAuthErrorMessage, this.options.sessionCostBefore);
        const window = contextWindowOf(raw.modelUsage);
        if (this.contextTokens !== undefined) {
          verdict.verdict.context = { tokens: this.contextTokens, ...(window ? { window } : {}) };
        }
        return { events: [], verdict };
      }
      case 'rate_limit_event': {
        const info = isObject(raw.rate_limit_info) ? raw.rate_limit_info : omit(raw, ['type', 'uuid', 'session_id']);
        return this.one({ type: 'rate_limit', info });
      }
      case 'control_request':
      case 'control_response':
      case 'control_cancel_request':
        return { events: [], control: { type, raw } };
      default:
        return NOTHING;
    }
  }

  private blockState(messageId: string) {
    let state = this.blocks.get(messageId);
    if (!state) {
      state = { maxDeltaIndex: -1, committed: [] };
      this.blocks.set(messageId, state);
    }
    return state;
  }

  private ev(body: EventBody): TurnEvent {
    return { threadId: this.options.threadId, turnId: this.options.turnId, ...body } as TurnEvent;
  }

  private one(body: EventBody): MappedLine {
    return { events: [this.ev(body)] };
  }

  private streamEvent(raw: Json): MappedLine {
    const event = raw.event;
    if (!isObject(event)) return NOTHING;
    switch (event.type) {
      case 'message_start': {
        const id = (isObject(event.message) ? str(event.message.id) : undefined) ?? str(raw.api_message_id);
        if (!id) return NOTHING;
        this.currentMessageId = id;
        const usage = isObject(event.message) && isObject(event.message.usage) ? event.message.usage : undefined;
        if (usage) {
          this.lastInputTokens =
            (num(usage.input_tokens) ?? 0) +
            (num(usage.cache_read_input_tokens) ?? 0) +
            (num(usage.cache_creation_input_tokens) ?? 0);
          this.contextTokens = this.lastInputTokens + (num(usage.output_tokens) ?? 0);
        }
        const events: TurnEvent[] = [];
        if (this.retrying) {
          this.retrying = false;
          events.push(this.ev({ type: 'retry_cleared' }));
        }
        if (!this.startedMessages.has(id)) {
          this.startedMessages.add(id);
          events.push(this.ev({ type: 'message_start', messageId: id }));
        }
        return { events };
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (!isObject(delta)) return NOTHING;
        const messageId = str(raw.api_message_id) ?? this.currentMessageId;
        if (!messageId) return NOTHING;
        const index = num(event.index) ?? 0;
        const state = this.blockState(messageId);
        if (index > state.maxDeltaIndex) state.maxDeltaIndex = index;
        if (delta.type === 'text_delta') {
          const text = str(delta.text);
          if (!text) return NOTHING;
          this.streamedText.add(messageId);
          return this.one({ type: 'text_delta', messageId, text });
        }
        if (delta.type === 'thinking_delta') {
          const text = str(delta.thinking);
          if (!text) return NOTHING;
          this.streamedThinking.add(messageId);
          return this.one({ type: 'thinking_delta', messageId, text });
        }
        return NOTHING; // input_json_delta, signature_delta: the whole tool_use arrives in `assistant`
      }
      case 'message_delta': {
        const out = isObject(event.usage) ? num(event.usage.output_tokens) : undefined;
        if (out !== undefined) this.contextTokens = this.lastInputTokens + out;
        return NOTHING;
      }
      case 'message_stop': {
        // Case 12e: a mid-stream SSE error; the CLI abandons the partial blocks and silently re-asks.
        const abandoned = raw.abandoned_blocks;
        if (!isObject(abandoned)) return NOTHING;
        const messageId = str(abandoned.api_message_id) ?? str(raw.api_message_id) ?? this.currentMessageId;
        if (!messageId || this.interrupted.has(messageId)) return NOTHING;
        const from = num(abandoned.from_block_index) ?? 0;
        const state = this.blockState(messageId);
        // Case 25 (interrupt): from_block_index 1 after block 0 was completed — nothing shown is partial.
        if (state.maxDeltaIndex < from) return NOTHING;
        this.streamedText.delete(messageId);
        this.streamedThinking.delete(messageId);
        // The app drops the whole message's text; give back the blocks before `from`, which are complete.
        const events = [this.ev({ type: 'abandon', messageId })];
        for (const block of state.committed.slice(0, from)) {
          if (block.kind === 'text') events.push(this.ev({ type: 'text', messageId, text: block.text }));
          if (block.kind === 'thinking') events.push(this.ev({ type: 'thinking_delta', messageId, text: block.text }));
        }
        state.maxDeltaIndex = -1;
        return { events };
      }
      default:
        return NOTHING;
    }
  }

  /**
   * The CLI's own ids of this turn's lines (recorded cases 32, 40): the replayed prompt's uuid keys its file
   * checkpoint (`rewind_files`); the last answer line's uuid is where a fork resumes (`--resume-session-at`).
   */
  private checkpoint(role: 'user' | 'assistant', raw: Json): TurnEvent | undefined {
    const uuid = str(raw.uuid);
    // A sub-agent's lines live in its own transcript, not on the conversation's chain.
    if (!uuid || raw.parent_tool_use_id != null) return undefined;
    if (role === 'assistant') {
      if (raw.is_api_error_message === true || str(raw.error) !== undefined) return undefined;
      return this.ev({ type: 'cli_uuids', assistantUuid: uuid });
    }
    // Only the replayed prompt (the first text replay of the turn), not tool results or local-command lines.
    const message = raw.message;
    if (raw.isReplay !== true || this.sawPromptReplay || !isObject(message) || !Array.isArray(message.content))
      return undefined;
    if (!message.content.some((b) => isObject(b) && b.type === 'text')) return undefined;
    this.sawPromptReplay = true;
    return this.ev({ type: 'cli_uuids', userUuid: uuid });
  }

  private assistant(raw: Json): MappedLine {
    const message = raw.message;
    if (!isObject(message) || !Array.isArray(message.content)) return NOTHING;
    // Cases 04/12d: a synthetic message (model "<synthetic>") carries the API/auth error text. It is not
    // part of the answer; the verdict that follows turns it into an error the UI can act on.
    if (raw.is_api_error_message === true || str(raw.error) !== undefined) {
      const text = textOf(message.content);
      this.apiErrorText = text || this.apiErrorText;
      if (raw.error === 'authentication_failed' || looksLikeAuthFailure(text)) this.sawAuthErrorMessage = true;
      return NOTHING;
    }
    const messageId = str(message.id) ?? this.currentMessageId ?? 'unknown';
    if (raw.aborted === true) this.interrupted.add(messageId);
    const events: TurnEvent[] = [];
    if (!this.startedMessages.has(messageId)) {
      // Case 12e: the non-streamed retry answer has no message_start.
      this.startedMessages.add(messageId);
      events.push(this.ev({ type: 'message_start', messageId }));
    }
    // Case 39: the `/context` command's reply (a local, synthetic message) carries its breakdown as data too.
    const usage = parseContextUsage(raw.context_usage);
    if (usage) events.push(this.ev({ type: 'context_usage', usage }));
    const committed = this.blockState(messageId).committed;
    for (const block of message.content) {
      if (!isObject(block)) continue;
      committed.push({
        kind: str(block.type) ?? '?',
        text: str(block.text) ?? str(block.thinking) ?? '',
      });
      if (block.type === 'text') {
        const text = str(block.text);
        // One `assistant` line per content block, after its deltas: repeat only unstreamed text.
        if (text && !this.streamedText.has(messageId)) events.push(this.ev({ type: 'text', messageId, text }));
      } else if (block.type === 'thinking') {
        const text = str(block.thinking);
        if (text && !this.streamedThinking.has(messageId)) {
          events.push(this.ev({ type: 'thinking_delta', messageId, text }));
        }
      } else if (block.type === 'tool_use') {
        const toolUseId = str(block.id);
        const name = str(block.name);
        if (toolUseId && name) events.push(this.ev({ type: 'tool_call', toolUseId, name, input: block.input ?? {} }));
      }
    }
    return events.length > 0 ? { events } : NOTHING;
  }

  private user(raw: Json): MappedLine {
    const { bodies, bigResults } = toolResultLines(raw);
    if (bodies.length === 0) return NOTHING;
    // A tool Claude Code would not run because a program moved on PATH: say once what to run (accept-program.ts).
    const advice = this.acceptProgramSaid ? undefined : acceptProgramAdvice(JSON.stringify(raw.message ?? ''));
    if (advice) {
      this.acceptProgramSaid = true;
      bodies.push({ type: 'warning', message: advice });
    }
    const events = bodies.map((body) => this.ev(body));
    return bigResults.length > 0 ? { events, bigResults } : { events };
  }

  private system(raw: Json): MappedLine {
    switch (raw.subtype) {
      case 'init': {
        const { bodies, sessionId } = initLine(raw, this.options.appMcpServerName);
        return { events: bodies.map((body) => this.ev(body)), sessionId: sessionId || undefined };
      }
      case 'api_retry': {
        this.retrying = true;
        const { body, fatal } = apiRetryLine(raw);
        return fatal ? { ...this.one(body), fatal } : this.one(body);
      }
      case 'permission_denied': {
        const toolUseId = str(raw.tool_use_id);
        if (!toolUseId) return NOTHING;
        return this.one({
          type: 'permission_denied',
          toolUseId,
          toolName: str(raw.tool_name) ?? '',
          message: str(raw.message) ?? 'Permission denied.',
        });
      }
      case 'task_started':
      case 'task_updated':
      case 'task_notification': {
        // A background Bash is a task too (case 40), not a sub-agent: its own event, its own card state.
        const command = this.backgroundCommands.map(raw);
        if (command !== undefined) return command ? this.one(command) : NOTHING;
        const body = raw.subtype === 'task_updated' ? undefined : subagentTask(raw);
        return body ? this.one(body) : NOTHING;
      }
      case 'hook_started':
      case 'hook_response': {
        const body = hookLine(raw);
        return body ? this.one(body) : NOTHING;
      }
      case 'status':
        return raw.status === 'requesting' ? { events: [], requesting: true } : NOTHING;
      case 'compact_boundary': {
        // What the window holds now is the summary: a `/compact` turn makes no streamed call after it, so without
        // this the verdict would carry no context at all (and a later call in the same turn overrides it).
        const meta = isObject(raw.compact_metadata) ? raw.compact_metadata : {};
        const post = num(meta.post_tokens);
        if (post !== undefined) this.contextTokens = post;
        return this.one(compactedLine(raw));
      }
      default:
        return NOTHING; // other statuses, thinking_tokens, and whatever a newer CLI adds
    }
  }
}

/** `result.modelUsage` is keyed by model; the window of the (first) model that has one. */
function contextWindowOf(modelUsage: unknown): number | undefined {
  if (!isObject(modelUsage)) return undefined;
  for (const usage of Object.values(modelUsage)) {
    const window = isObject(usage) ? num(usage.contextWindow) : undefined;
    if (window) return window;
  }
  return undefined;
}

function withCheckpoint(line: MappedLine, checkpoint: TurnEvent | undefined): MappedLine {
  return checkpoint ? { ...line, events: [...line.events, checkpoint] } : line;
}
