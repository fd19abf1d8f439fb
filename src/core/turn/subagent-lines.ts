import { type Json, isObject, num, str, textOf } from '../claude-code-wire/cli-json';
import type { EventBody as Body } from './event-body';
import { toolResultDetail } from './tool-result-detail';

/**
 * A sub-agent's own lines (`parent_tool_use_id` = its Agent call, recorded case 34b): its text and tool calls and
 * their results, shown nested under the Agent card. Its prompt (a `user` text line) and its stream_events are not.
 */
export function subagentLine(raw: Json, parentToolUseId: string): Body[] {
  const message = raw.message;
  if (!isObject(message) || !Array.isArray(message.content)) return [];
  const out: Body[] = [];
  if (raw.type === 'assistant') {
    for (const block of message.content) {
      if (!isObject(block)) continue;
      if (block.type === 'text' && str(block.text)) {
        out.push({ type: 'subagent_text', parentToolUseId, text: str(block.text)! });
      } else if (block.type === 'tool_use' && str(block.id) && str(block.name)) {
        out.push({
          type: 'tool_call',
          toolUseId: str(block.id)!,
          name: str(block.name)!,
          input: block.input ?? {},
          parentToolUseId,
        });
      }
    }
  } else if (raw.type === 'user') {
    const results = message.content.filter((b) => isObject(b) && b.type === 'tool_result') as Json[];
    for (const block of results) {
      const toolUseId = str(block.tool_use_id);
      if (!toolUseId) continue;
      const detail = results.length === 1 ? toolResultDetail(raw.tool_use_result) : undefined;
      out.push({
        type: 'tool_result',
        toolUseId,
        content: typeof block.content === 'string' ? block.content : textOf(block.content),
        isError: block.is_error === true,
        parentToolUseId,
        ...(detail ? { detail } : {}),
      });
    }
  }
  return out;
}

/** `system/task_started` and `system/task_notification` of a local agent (case 34/34b): its state and totals. */
export function subagentTask(raw: Json): Body | undefined {
  const toolUseId = str(raw.tool_use_id);
  if (!toolUseId) return undefined;
  if (raw.subtype === 'task_started') {
    return { type: 'subagent', toolUseId, status: 'running', background: raw.is_backgrounded === true };
  }
  if (raw.subtype !== 'task_notification') return undefined;
  const usage = isObject(raw.usage) ? raw.usage : {};
  const status = str(raw.status);
  return {
    type: 'subagent',
    toolUseId,
    status: status === 'completed' ? 'completed' : status === 'killed' || status === 'stopped' ? 'stopped' : 'failed',
    durationMs: num(usage.duration_ms),
    toolUses: num(usage.tool_uses),
  };
}
