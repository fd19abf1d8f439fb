import type { HookOutcome } from '../../shared/turn-events';
import { type Json, num, str } from '../claude-code-wire/cli-json';
import type { EventBody } from './event-body';

/** A hook's stderr can be a whole log; the turn's line shows its start. */
const MESSAGE_LIMIT = 400;

/**
 * `system/hook_started` / `system/hook_response` (recorded case 44b, only with `--include-hook-events`): one of the
 * user's own hooks from their settings files. The pair shares `hook_id`; a `UserPromptSubmit` pair comes before
 * `system/init`. Exit 2 is Claude Code's "block" (a PreToolUse hook refusing the call, its reason on stderr).
 */
export function hookLine(raw: Json): EventBody | undefined {
  const hookId = str(raw.hook_id);
  if (!hookId) return undefined;
  const base = { type: 'hook' as const, hookId, name: str(raw.hook_name) ?? '?', event: str(raw.hook_event) ?? '?' };
  if (raw.subtype === 'hook_started') return base;
  const exitCode = num(raw.exit_code);
  const outcome: HookOutcome =
    exitCode === 2 ? 'blocked' : raw.outcome === 'success' || exitCode === 0 ? 'ran' : 'failed';
  const stderr = (str(raw.stderr) ?? '').trim();
  const message = stderr.length > MESSAGE_LIMIT ? `${stderr.slice(0, MESSAGE_LIMIT)}…` : stderr;
  return {
    ...base,
    outcome,
    ...(exitCode !== undefined ? { exitCode } : {}),
    ...(message ? { message } : {}),
  };
}
