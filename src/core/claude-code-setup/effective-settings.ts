import { RULE_LISTS, type EffectiveSettingsView, type RuleList, type SetupScope } from '../../shared/claude-code-setup';
import { isObject, str, type Json } from '../claude-code-wire/cli-json';
import { ControlClient } from '../claude-code-wire/control-client';
import type { Spawner } from '../claude-code-wire/spawned-process';

/** A process that only answers `get_settings` does so in ~0.3–0.5 s (recorded cases 52–52c); past this it is stuck. */
export const EFFECTIVE_SETTINGS_TIMEOUT_MS = 15_000;

export interface EffectiveSettingsProbe {
  file: string;
  /** The whole argument list: the launch's prefix, then stream-json in and out. */
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  spawner: Spawner;
  timeoutMs?: number;
  now?: () => number;
  /** Told of the process's end, which comes after the answer (a caller shutting down waits for it). */
  onClosing?: (ended: Promise<unknown>) => void;
}

/** Claude Code's names for the files it read (case 45) → the pages' scopes; the flag layer has no file. */
const SOURCE_SCOPES: Record<string, SetupScope> = {
  userSettings: 'user',
  projectSettings: 'project',
  localSettings: 'local',
  policySettings: 'managed',
};

function rulesIn(settings: unknown): Record<RuleList, string[]> {
  const permissions = isObject(settings) && isObject(settings.permissions) ? settings.permissions : {};
  const lists = {} as Record<RuleList, string[]>;
  for (const list of RULE_LISTS) {
    const rules = permissions[list];
    lists[list] = Array.isArray(rules) ? rules.filter((r): r is string => typeof r === 'string') : [];
  }
  return lists;
}

/** The `get_settings` answer (cases 45, 52c): effective rules, the rules each file gave, the files it could not use. */
export function parseEffectiveSettings(response: Json, cwd: string, ms: number): EffectiveSettingsView {
  const sources = (Array.isArray(response.sources) ? response.sources.filter(isObject) : []).flatMap((s) => {
    const scope = SOURCE_SCOPES[str(s.source) ?? ''];
    return scope ? [{ scope, rules: rulesIn(s.settings) }] : [];
  });
  const errors = (Array.isArray(response.errors) ? response.errors.filter(isObject) : []).map((e) => ({
    path: str(e.file) ?? '',
    message: str(e.message) ?? 'Claude Code could not use it.',
  }));
  return { cwd, ms, rules: rulesIn(response.effective), sources, errors };
}

/**
 * Ask Claude Code which settings are in force in a folder: a process started only for this answers `get_settings`
 * before any user line and without an API call (recorded cases 52–52c), then ends when its stdin closes.
 */
export async function probeEffectiveSettings(input: EffectiveSettingsProbe): Promise<EffectiveSettingsView> {
  const now = input.now ?? Date.now;
  const started = now();
  const client = new ControlClient({
    file: input.file,
    args: input.args,
    cwd: input.cwd,
    env: input.env,
    spawner: input.spawner,
    describeEnd: (exit) =>
      exit.startError
        ? `Claude Code could not be started: ${exit.startError.message}`
        : `Claude Code exited before it said which settings are in force${exit.stderrTail.trim() ? `: ${exit.stderrTail.trim().split('\n').pop()}` : '.'}`,
  });
  const result = await client.request(
    { subtype: 'get_settings' },
    {
      requestId: 'settings-1',
      timeoutMs: input.timeoutMs ?? EFFECTIVE_SETTINGS_TIMEOUT_MS,
      timeoutError: 'Claude Code did not say in time which settings are in force.',
    },
  );
  const ms = now() - started;
  // It exits by itself once stdin closes; a SIGTERM only if it is still there a moment later.
  input.onClosing?.(client.close({ graceMs: 2_000, signals: ['SIGTERM'] }));
  if (!result.ok) throw new Error(result.error ?? 'Claude Code would not say which settings are in force.');
  return parseEffectiveSettings(result.response ?? {}, input.cwd, ms);
}
