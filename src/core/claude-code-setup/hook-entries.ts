/**
 * The hooks of one settings file: read (those Claude Code runs and those switched off here), added, removed, and
 * switched off and on one by one. Claude Code has only a per-file switch (`disableAllHooks`), so a hook switched off
 * moves to a key of the same file that Claude Code ignores (OFF_HOOKS_KEY) and back — it travels with the file, and
 * nothing is lost if Claude Desk is gone (recorded case 52b).
 */
import { isObject } from '../claude-code-wire/cli-json';
import {
  HOOK_EVENTS,
  OFF_HOOKS_KEY,
  TOOL_HOOK_EVENTS,
  type HookRef,
  type HookView,
  type NewHook,
} from '../../shared/claude-code-setup';
import type { JsonObject } from './json-edit';

const matcherOf = (group: JsonObject): string | undefined =>
  typeof group.matcher === 'string' && group.matcher ? group.matcher : undefined;
/** What the page shows (and an edit names a hook by): its command, or the whole entry for another type of hook. */
const commandOf = (hook: JsonObject): string =>
  typeof hook.command === 'string' ? hook.command : JSON.stringify(hook);

const GONE = 'That hook is no longer in the file (it was changed elsewhere); the page now shows the file as it is.';

function viewOf(event: string, matcher: string | undefined, hook: JsonObject, off: boolean): HookView {
  return {
    event,
    ...(matcher ? { matcher } : {}),
    type: typeof hook.type === 'string' ? hook.type : 'command',
    command: commandOf(hook),
    ...(typeof hook.timeout === 'number' ? { timeout: hook.timeout } : {}),
    ...(off ? { off: true } : {}),
  };
}

/**
 * `hooks: { Event: [{ matcher?, hooks: [{ type, command, timeout? }] }] }` as Claude Code reads it (case 44), then
 * the hooks switched off here; a switched-off hook is listed under its event, where it was.
 */
export function hooksOf(settings: JsonObject): HookView[] {
  const views: HookView[] = [];
  if (isObject(settings.hooks))
    for (const [event, groups] of Object.entries(settings.hooks)) {
      if (!Array.isArray(groups)) continue;
      for (const group of groups) {
        if (!isObject(group) || !Array.isArray(group.hooks)) continue;
        for (const hook of group.hooks) if (isObject(hook)) views.push(viewOf(event, matcherOf(group), hook, false));
      }
    }
  const parked = settings[OFF_HOOKS_KEY];
  if (Array.isArray(parked))
    for (const entry of parked) {
      if (!isObject(entry) || typeof entry.event !== 'string' || !isObject(entry.hook)) continue;
      views.push(viewOf(entry.event, matcherOf(entry), entry.hook, true));
    }
  // A stable sort: each event's hooks keep their order, the switched-off ones after those that run.
  const order = [...new Set(views.map((v) => v.event))];
  return views.sort((a, b) => order.indexOf(a.event) - order.indexOf(b.event));
}

/** Refuse to touch a part of the file that is not in the shape Claude Code reads: rewriting it would lose it. */
function shapeProblem(settings: JsonObject, event: string): string | undefined {
  if (settings.hooks !== undefined && !isObject(settings.hooks)) return 'Its "hooks" is not an object ({ … }).';
  if (isObject(settings.hooks) && settings.hooks[event] !== undefined && !Array.isArray(settings.hooks[event]))
    return `Its "hooks.${event}" is not a list.`;
  if (settings[OFF_HOOKS_KEY] !== undefined && !Array.isArray(settings[OFF_HOOKS_KEY]))
    return `Its "${OFF_HOOKS_KEY}" is not a list.`;
  return undefined;
}

function checkShape(settings: JsonObject, event: string): void {
  const problem = shapeProblem(settings, event);
  if (problem) throw new Error(`The file was not changed: ${problem} Fix it in an editor first.`);
}

/** Take a hook Claude Code runs out of `hooks` (dropping the group, event and key it leaves empty). */
function takeActive(settings: JsonObject, ref: HookRef): JsonObject {
  const hooks = isObject(settings.hooks) ? settings.hooks : {};
  const groups = Array.isArray(hooks[ref.event]) ? (hooks[ref.event] as unknown[]) : [];
  for (const [gi, group] of groups.entries()) {
    if (!isObject(group) || !Array.isArray(group.hooks) || matcherOf(group) !== ref.matcher) continue;
    const hi = group.hooks.findIndex((h) => isObject(h) && commandOf(h) === ref.command);
    if (hi < 0) continue;
    const [hook] = group.hooks.splice(hi, 1) as JsonObject[];
    if (group.hooks.length === 0) groups.splice(gi, 1);
    if (groups.length === 0) Reflect.deleteProperty(hooks, ref.event);
    if (Object.keys(hooks).length === 0) delete settings.hooks;
    return hook!;
  }
  throw new Error(GONE);
}

/** Take a switched-off hook out of OFF_HOOKS_KEY (the key goes when it is empty). */
function takeParked(settings: JsonObject, ref: HookRef): JsonObject {
  const list = Array.isArray(settings[OFF_HOOKS_KEY]) ? (settings[OFF_HOOKS_KEY] as unknown[]) : [];
  const i = list.findIndex(
    (e) =>
      isObject(e) &&
      e.event === ref.event &&
      matcherOf(e) === ref.matcher &&
      isObject(e.hook) &&
      commandOf(e.hook) === ref.command,
  );
  if (i < 0) throw new Error(GONE);
  const [entry] = list.splice(i, 1) as JsonObject[];
  if (list.length === 0) Reflect.deleteProperty(settings, OFF_HOOKS_KEY);
  return entry!.hook as JsonObject;
}

/** Into `hooks`, in the group of the same matcher when there is one. */
function putActive(settings: JsonObject, event: string, matcher: string | undefined, hook: JsonObject): void {
  const hooks = isObject(settings.hooks) ? settings.hooks : (settings.hooks = {});
  const groups = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : (hooks[event] = []);
  const group = groups.find((g) => isObject(g) && Array.isArray(g.hooks) && matcherOf(g) === matcher);
  if (isObject(group)) (group.hooks as unknown[]).push(hook);
  else groups.push(matcher ? { matcher, hooks: [hook] } : { hooks: [hook] });
}

/** Into OFF_HOOKS_KEY as a flat record: the event a value, the hook under `hook` (case 52b, never case 52's shape). */
function putParked(settings: JsonObject, event: string, matcher: string | undefined, hook: JsonObject): void {
  const list = Array.isArray(settings[OFF_HOOKS_KEY]) ? (settings[OFF_HOOKS_KEY] as unknown[]) : [];
  list.push({ event, ...(matcher ? { matcher } : {}), hook });
  settings[OFF_HOOKS_KEY] = list;
}

/** A new hook as it is written, or a sentence saying why it cannot be. */
export function checkNewHook(hook: NewHook): { event: string; matcher?: string; command: string } {
  if (!(HOOK_EVENTS as readonly string[]).includes(hook.event))
    throw new Error(`Claude Code has no "${hook.event}" hook event.`);
  const command = hook.command.trim();
  if (!command) throw new Error('A hook needs a command to run.');
  const matcher = hook.matcher?.trim() || undefined;
  if (matcher && !TOOL_HOOK_EVENTS.includes(hook.event))
    throw new Error(`A tool pattern applies only to tool events; ${hook.event} hooks run for every ${hook.event}.`);
  if (matcher && /[\r\n]/.test(matcher)) throw new Error('The tool pattern must be on one line.');
  return { event: hook.event, ...(matcher ? { matcher } : {}), command };
}

/** The changes an edit makes to the parsed file (json-edit.ts writes it, or refuses a malformed file). */
export const hookChanges = {
  add: (hook: NewHook) => (settings: JsonObject) => {
    const { event, matcher, command } = checkNewHook(hook);
    checkShape(settings, event);
    putActive(settings, event, matcher, { type: 'command', command });
  },
  remove: (given: HookRef) => (settings: JsonObject) => {
    const ref = { ...given, matcher: given.matcher || undefined };
    checkShape(settings, ref.event);
    if (ref.off) takeParked(settings, ref);
    else takeActive(settings, ref);
  },
  /** Switch one hook off (out of `hooks`, into OFF_HOOKS_KEY) or on again, the hook's entry kept as it was. */
  setOff: (given: HookRef, off: boolean) => (settings: JsonObject) => {
    const ref = { ...given, matcher: given.matcher || undefined };
    checkShape(settings, ref.event);
    if (off === ref.off) return;
    if (off) putParked(settings, ref.event, ref.matcher, takeActive(settings, ref));
    else putActive(settings, ref.event, ref.matcher, takeParked(settings, ref));
  },
};
