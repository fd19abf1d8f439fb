import { isObject } from './cli-json';

/**
 * A line that says Claude Code is alive and nothing more: `keep_alive` (2.1.333, written on its remote transports) and
 * the `tool_progress` heartbeat it prints every 30 s while a tool runs (`heartbeat: true`, recorded case 62). Alive,
 * not progress: the idle and tool bounds go on counting through them (a hung build still ends at the tool bound),
 * and the turn shows nothing new for them.
 */
export function isKeepAlive(value: unknown): boolean {
  if (!isObject(value)) return false;
  return value.type === 'keep_alive' || (value.type === 'tool_progress' && value.heartbeat === true);
}
