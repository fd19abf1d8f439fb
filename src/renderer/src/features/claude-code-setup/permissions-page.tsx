import { useEffect, useId, useState } from 'react';
import {
  writableScopes,
  RULE_LISTS,
  type EditableScope,
  type EffectiveSettingsView,
  type PermissionRuleView,
  type RuleList,
  type SettingsFileView,
} from '../../../../shared/claude-code-setup';
import { useDesk } from '../../store/store-context';
import { ruleEffect } from './rule-effect';
import { SourceFile } from './source-file';

const LIST_LABEL: Record<RuleList, string> = { allow: 'Allow', ask: 'Ask', deny: 'Deny' };

/** `stale`: the marks are from the last answer while Claude Code is asked again (a new rule waits for the answer). */
function FileRules(props: { file: SettingsFileView; effective: EffectiveSettingsView | null; stale: boolean }) {
  const { file, effective, stale } = props;
  const editRule = useDesk((s) => s.editPermissionRule);
  const [error, setError] = useState<string | null>(null);
  const editable = file.scope !== 'managed' && !file.error;
  return (
    <section className="card setup-file" aria-label={`Rules in ${file.path}`} data-testid={`rules-${file.scope}`}>
      <SourceFile kind={file.scope} path={file.path} exists={file.exists} />
      {file.error && (
        <p className="setup-error" role="alert">
          Claude Code cannot read this file as it is, and Claude Desk will not write to it. {file.error} Fix it in an
          editor.
        </p>
      )}
      {file.rules.length === 0 && !file.error && <p className="field-hint">No rules in this file.</p>}
      {RULE_LISTS.map((list) => {
        const rules = file.rules.filter((r) => r.list === list);
        if (rules.length === 0) return null;
        return (
          <div key={list} className="setup-rule-group">
            <h3 className="setup-rule-list">{LIST_LABEL[list]}</h3>
            <ul className="setup-list">
              {rules.map((r) => (
                <li key={`${list}:${r.rule}`} className="setup-row" data-testid="setup-rule">
                  <code>{r.rule}</code>
                  {r.problem && <span className="setup-problem">{r.problem}</span>}
                  {effective && (!stale || readBefore(effective, file, r)) && (
                    <EffectMark {...ruleEffect(file, r, effective)} />
                  )}
                  {editable && (
                    <button
                      type="button"
                      className="btn btn-small btn-ghost"
                      aria-label={`Remove ${LIST_LABEL[list].toLowerCase()} rule ${r.rule}`}
                      onClick={() => void editRule(file.scope as EditableScope, list, r.rule, 'remove').then(setError)}
                    >
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The last answer listed this rule in this file: its mark then is the best guess until the next one. */
const readBefore = (view: EffectiveSettingsView, file: SettingsFileView, r: PermissionRuleView): boolean =>
  view.sources.some((src) => src.scope === file.scope && src.rules[r.list].includes(r.rule));

function EffectMark({ on, text }: { on: boolean; text: string }) {
  return (
    <span className="setup-effect" data-on={on} data-testid="rule-effect">
      {text}
    </span>
  );
}

/**
 * Whether Claude Code reports the rules in force: asked when the page opens and after each edit (the host asks the
 * CLI again only when a settings file changed); without an answer the page still works from the files. Asked again
 * with an answer for the folder at hand, it keeps saying so: most asks come back from the host's cache at once, and a
 * line that flips to "Asking…" and back for that is noise.
 */
function EffectiveStatus({ folder }: { folder: string }) {
  const view = useDesk((s) => s.effectiveSettings);
  const error = useDesk((s) => s.effectiveSettingsError);
  const loading = useDesk((s) => s.effectiveSettingsLoading);
  let text: string;
  let failed = '';
  const known = view?.cwd === folder;
  if (loading && !known) text = 'Asking Claude Code which rules are in effect…';
  else if (error)
    text =
      failed = `Claude Code could not be asked which rules are in effect (${error}). The rules below are read from the files; open the page again to retry.`;
  else if (known && view)
    text = `“In effect” is what Claude Code reports when it starts in ${folder} (asked in ${view.ms} ms).`;
  else return null;
  return (
    <p className={failed ? 'setup-error' : 'field-hint'} aria-live="polite" data-testid="effective-status">
      {text}
    </p>
  );
}

/** Add a rule to the file the user picks (the project's local file by default, as "Always allow" writes). */
function AddRule({ files }: { files: SettingsFileView[] }) {
  const editRule = useDesk((s) => s.editPermissionRule);
  const ids = { rule: useId(), list: useId(), file: useId(), hint: useId() };
  const scopes = writableScopes(files);
  const [scope, setScope] = useState<EditableScope>(scopes.includes('local') ? 'local' : (scopes[0] ?? 'user'));
  const [list, setList] = useState<RuleList>('deny');
  const [rule, setRule] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const failed = await editRule(scope, list, rule, 'add');
    setBusy(false);
    setError(failed);
    if (!failed) setRule('');
  };
  if (scopes.length === 0) return null;
  return (
    <form className="card setup-add" onSubmit={(e) => void submit(e)} aria-label="Add a rule">
      <h3 className="setup-form-title">Add a rule</h3>
      <div className="setup-form-grid">
        <label htmlFor={ids.list}>List</label>
        <select id={ids.list} value={list} onChange={(e) => setList(e.target.value as RuleList)}>
          {RULE_LISTS.map((l) => (
            <option key={l} value={l}>
              {LIST_LABEL[l]}
            </option>
          ))}
        </select>
        <label htmlFor={ids.rule}>Rule</label>
        <input
          id={ids.rule}
          value={rule}
          spellCheck={false}
          placeholder="Edit(notes.md) · Bash(npm test:*) · WebFetch(domain:example.com)"
          aria-describedby={ids.hint}
          onChange={(e) => setRule(e.target.value)}
        />
        <label htmlFor={ids.file}>File</label>
        <select id={ids.file} value={scope} onChange={(e) => setScope(e.target.value as EditableScope)}>
          {scopes.map((s) => (
            <option key={s} value={s}>
              {files.find((f) => f.scope === s)?.path}
            </option>
          ))}
        </select>
      </div>
      <p id={ids.hint} className="field-hint">
        File rules are Edit(…) rules: they cover writes too. Rules are read when Claude Code starts, so a change takes
        effect on the next message.
      </p>
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || !rule.trim()}>
        Add rule
      </button>
    </form>
  );
}

/** Allow / ask / deny rules from every settings file, grouped by file (rules "Always allow" wrote are among them). */
export function PermissionsPage({ files, folder }: { files: SettingsFileView[]; folder: string }) {
  const load = useDesk((s) => s.loadEffectiveSettings);
  const view = useDesk((s) => s.effectiveSettings);
  const loading = useDesk((s) => s.effectiveSettingsLoading);
  // The files as read changed (the page opened, an edit): ask again; the host starts Claude Code only if they did.
  useEffect(() => {
    void load();
  }, [load, files]);
  // The last answer for this folder stays while the page asks again (quietly): no flash of unmarked rules.
  const effective = view?.cwd === folder ? view : null;
  return (
    <div className="setup-page" data-testid="setup-permissions">
      <p className="field-hint">
        Claude Code applies deny first, then ask, then allow; a rule in a later file wins over the same rule earlier.
        &ldquo;Always allow&rdquo; on an approval card writes to the project&rsquo;s local file.
      </p>
      <EffectiveStatus folder={folder} />
      {files.map((f) => (
        <FileRules key={f.path} file={f} effective={effective} stale={loading} />
      ))}
      <AddRule files={files} />
    </div>
  );
}
