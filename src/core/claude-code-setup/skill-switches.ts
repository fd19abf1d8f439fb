import { isObject } from '../claude-code-wire/cli-json';
import type { EditableScope, SetupItemView, SetupScope } from '../../shared/claude-code-setup';
import { type JsonObject, editJsonObject, readJsonObject } from './json-edit';
import { type SetupRoots, settingsFilePaths, settingsPathOf } from './setup-paths';

/**
 * Turning a skill off and choosing the output style, the way Claude Code 2.1.328 reads them (recorded case 53):
 * `skillOverrides: {<skill>: "on" | "name-only" | "user-invocable-only" | "off"}` in a settings file — a
 * `Skill(…)` deny rule does not hide a skill (53d) — and `outputStyle`. A running process picks up neither (53e):
 * the next turn's new process does.
 */
export interface SettingsValue {
  scope: SetupScope;
  path: string;
  value: JsonObject;
}

/** Which file's entry decides a skill: the local one, then the project's, then the user's (53c: local "on" wins). */
const SKILL_ORDER: EditableScope[] = ['local', 'project', 'user'];

export async function readSettingsValues(roots: SetupRoots): Promise<SettingsValue[]> {
  return Promise.all(
    settingsFilePaths(roots).map(async ({ scope, path }) => ({
      scope,
      path,
      value: (await readJsonObject(path)).value,
    })),
  );
}

function overrideIn(file: SettingsValue | undefined, name: string): string | undefined {
  const overrides = file?.value.skillOverrides;
  const v = isObject(overrides) ? overrides[name] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** The entry in force for one skill, and the file it is in; absent = on. */
export function skillOverrideOf(
  files: SettingsValue[],
  name: string,
): { value: string; scope: EditableScope } | undefined {
  for (const scope of SKILL_ORDER) {
    const value = overrideIn(
      files.find((f) => f.scope === scope),
      name,
    );
    if (value !== undefined) return { value, scope };
  }
  return undefined;
}

/** "off" and "user-invocable-only" keep a skill from the model (the schema's own words). */
const hidden = (value: string | undefined) => value === 'off' || value === 'user-invocable-only';

export function withSkillStates(skills: SetupItemView[], files: SettingsValue[]): SetupItemView[] {
  return skills.map((skill) => {
    const entry = skillOverrideOf(files, skill.name);
    return entry && hidden(entry.value) ? { ...skill, off: true, offBy: entry.scope } : skill;
  });
}

/** The style in force: the last file (highest precedence) naming one — the project's beats the user's (53b). */
export function outputStyleOf(files: SettingsValue[]): { name: string; scope: SetupScope } | undefined {
  let found: { name: string; scope: SetupScope } | undefined;
  for (const f of files)
    if (typeof f.value.outputStyle === 'string') found = { name: f.value.outputStyle, scope: f.scope };
  return found;
}

/**
 * Turn a skill off (`"off"` in the file picked) or on again (its entry in that file removed; `"on"` written there
 * when a file read after it still says off). When a file Claude Code reads first keeps it off, nothing is written and
 * the error names that file.
 */
export async function setSkillEnabled(
  roots: SetupRoots,
  scope: EditableScope,
  name: string,
  enabled: boolean,
): Promise<void> {
  const files = await readSettingsValues(roots);
  const file = settingsPathOf(roots, scope);
  if (!enabled) {
    await editJsonObject(file, (settings) => {
      settings.skillOverrides = {
        ...(isObject(settings.skillOverrides) ? settings.skillOverrides : {}),
        [name]: 'off',
      };
    });
    return;
  }
  const rest = files.map((f) => (f.scope === scope ? { ...f, value: { ...f.value, skillOverrides: {} } } : f));
  const still = skillOverrideOf(rest, name);
  const first = still && hidden(still.value) ? still : undefined;
  if (first && SKILL_ORDER.indexOf(first.scope) < SKILL_ORDER.indexOf(scope))
    throw new Error(
      `${name} stays off: ${settingsPathOf(roots, first.scope)} turns it off and Claude Code reads that file first. Turn it on there.`,
    );
  await editJsonObject(file, (settings) => {
    const kept = Object.entries(isObject(settings.skillOverrides) ? settings.skillOverrides : {}).filter(
      ([key]) => key !== name,
    );
    const overrides: JsonObject = Object.fromEntries(first ? [...kept, [name, 'on']] : kept);
    if (Object.keys(overrides).length) settings.skillOverrides = overrides;
    else delete settings.skillOverrides;
  });
}

/** `outputStyle` in the file picked; null removes it there (a file read later may still name one). */
export async function setOutputStyle(roots: SetupRoots, scope: EditableScope, style: string | null): Promise<void> {
  await editJsonObject(settingsPathOf(roots, scope), (settings) => {
    if (style === null) delete settings.outputStyle;
    else settings.outputStyle = style;
  });
}
