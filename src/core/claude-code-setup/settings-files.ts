import { isObject } from '../claude-code-wire/cli-json';
import {
  RULE_LISTS,
  type EditableScope,
  type HookRef,
  type NewHook,
  type PermissionRuleView,
  type RuleList,
  type SettingsFileView,
} from '../../shared/claude-code-setup';
import { type JsonObject, editJsonObject, readJsonObject } from './json-edit';
import { hookChanges, hooksOf } from './hook-entries';
import { normalizeRule, ruleProblem } from './permission-rules';
import { type SetupRoots, settingsFilePaths, settingsPathOf } from './setup-paths';

function rulesOf(settings: JsonObject): PermissionRuleView[] {
  const permissions = isObject(settings.permissions) ? settings.permissions : {};
  return RULE_LISTS.flatMap((list) => {
    const rules = permissions[list];
    if (rules === undefined) return [];
    if (!Array.isArray(rules)) return [{ list, rule: JSON.stringify(rules), problem: `"${list}" must be a list.` }];
    return rules.map((rule): PermissionRuleView => {
      if (typeof rule !== 'string') return { list, rule: JSON.stringify(rule), problem: 'A rule must be text.' };
      const problem = ruleProblem(rule);
      return problem ? { list, rule, problem } : { list, rule };
    });
  });
}

/** Every settings file that applies (the managed one only when it is there), with its rules and hooks. */
export async function readSettingsFiles(roots: SetupRoots): Promise<SettingsFileView[]> {
  const views = await Promise.all(
    settingsFilePaths(roots).map(async ({ scope, path }): Promise<SettingsFileView> => {
      const { exists, value, error } = await readJsonObject(path);
      return {
        scope,
        path,
        exists,
        ...(error ? { error } : {}),
        rules: rulesOf(value),
        hooks: hooksOf(value),
        hooksOff: value.disableAllHooks === true,
      };
    }),
  );
  return views.filter((v) => v.scope !== 'managed' || v.exists);
}

/**
 * Add a rule to (or remove one from) a list of one settings file, keeping the rest of the file. Returns the rule as
 * written (a `Write(…)` file rule becomes the `Edit(…)` rule that covers it, case 47c).
 */
export async function editPermissionRule(
  roots: SetupRoots,
  edit: { scope: EditableScope; list: RuleList; rule: string; action: 'add' | 'remove' },
): Promise<string> {
  const rule = edit.action === 'add' ? normalizeRule(edit.rule) : edit.rule;
  await editJsonObject(settingsPathOf(roots, edit.scope), (settings) => {
    const permissions = isObject(settings.permissions) ? settings.permissions : {};
    const list = Array.isArray(permissions[edit.list]) ? (permissions[edit.list] as unknown[]) : [];
    const next =
      edit.action === 'add' ? (list.includes(rule) ? list : [...list, rule]) : list.filter((r) => r !== rule);
    permissions[edit.list] = next;
    settings.permissions = permissions;
  });
  return rule;
}

/** Turn every hook of one file off or on again (`disableAllHooks`, Claude Code's own switch). */
export async function setHooksOff(roots: SetupRoots, scope: EditableScope, off: boolean): Promise<void> {
  await editJsonObject(settingsPathOf(roots, scope), (settings) => {
    if (off) settings.disableAllHooks = true;
    else delete settings.disableAllHooks;
  });
}

/** Add a command hook to one settings file (validated first: a known event, a command). */
export async function addHook(roots: SetupRoots, scope: EditableScope, hook: NewHook): Promise<void> {
  await editJsonObject(settingsPathOf(roots, scope), hookChanges.add(hook));
}

/** Remove one hook (running or switched off) from its file. */
export async function removeHook(roots: SetupRoots, scope: EditableScope, ref: HookRef): Promise<void> {
  await editJsonObject(settingsPathOf(roots, scope), hookChanges.remove(ref));
}

/** Switch one hook off (kept in its file, not run) or on again. */
export async function setHookOff(roots: SetupRoots, scope: EditableScope, ref: HookRef, off: boolean): Promise<void> {
  await editJsonObject(settingsPathOf(roots, scope), hookChanges.setOff(ref, off));
}
