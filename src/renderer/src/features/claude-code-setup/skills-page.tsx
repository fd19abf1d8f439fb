import { useId, useState } from 'react';
import {
  BUILT_IN_OUTPUT_STYLES,
  writableScopes,
  type ClaudeCodeSetup,
  type EditableScope,
  type SetupItemView,
} from '../../../../shared/claude-code-setup';
import { useDesk } from '../../store/store-context';
import { SourceFile } from './source-file';

const FILE_LABEL: Record<EditableScope, string> = {
  user: 'Yours (~/.claude/settings.json)',
  project: 'This project (.claude/settings.json)',
  local: 'This project, only you (.claude/settings.local.json)',
};

/** The settings file a switch or the style picker writes to: a file Claude Desk can read (never a broken one). */
function FilePicker({
  setup,
  scope,
  onChange,
}: {
  setup: ClaudeCodeSetup;
  scope: EditableScope;
  onChange: (s: EditableScope) => void;
}) {
  const id = useId();
  const scopes = writableScopes(setup.settings);
  return (
    <div className="field-row setup-write-to">
      <label htmlFor={id}>Save changes in</label>
      <select id={id} value={scope} onChange={(e) => onChange(e.target.value as EditableScope)}>
        {scopes.map((s) => (
          <option key={s} value={s}>
            {FILE_LABEL[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

function SkillCard({ skill, scope, setup }: { skill: SetupItemView; scope: EditableScope; setup: ClaudeCodeSetup }) {
  const setEnabled = useDesk((s) => s.setClaudeSkillEnabled);
  const [error, setError] = useState<string | null>(null);
  const offBy = skill.offBy && setup.settings.find((f) => f.scope === skill.offBy)?.path;
  return (
    <section className="card setup-file" aria-label={`Skill ${skill.name}`} data-testid="setup-skill">
      <SourceFile kind={skill.scope} path={skill.path} />
      <h3 className="setup-item-name">{skill.name}</h3>
      {skill.description && <p>{skill.description}</p>}
      <label className="setup-toggle">
        <input
          type="checkbox"
          role="switch"
          checked={!skill.off}
          onChange={(e) => void setEnabled(scope, skill.name, e.target.checked).then(setError)}
        />
        On
      </label>
      {skill.off && offBy && <p className="field-hint">Turned off in {offBy}.</p>}
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The style picker: Claude Code's built-in styles and the style files found, written as `outputStyle`. */
function OutputStylePicker({ setup, scope }: { setup: ClaudeCodeSetup; scope: EditableScope }) {
  const setStyle = useDesk((s) => s.setClaudeOutputStyle);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const current = setup.outputStyle?.name ?? 'default';
  const names = [...new Set<string>([...BUILT_IN_OUTPUT_STYLES, ...setup.outputStyles.map((s) => s.name), current])];
  const setIn = setup.outputStyle && setup.settings.find((f) => f.scope === setup.outputStyle?.scope)?.path;
  return (
    <div className="card setup-file" data-testid="setup-style-picker">
      <div className="field-row">
        <label htmlFor={id}>Output style</label>
        <select id={id} value={current} onChange={(e) => void setStyle(scope, e.target.value).then(setError)}>
          {names.map((n) => (
            <option key={n} value={n}>
              {n === 'default' ? 'Default (none)' : n}
              {BUILT_IN_OUTPUT_STYLES.includes(n as (typeof BUILT_IN_OUTPUT_STYLES)[number]) ? '' : ' (your file)'}
            </option>
          ))}
        </select>
      </div>
      <p className="field-hint">{setIn ? `In use, set in ${setIn}.` : 'No settings file names a style.'}</p>
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Styles({ items }: { items: SetupItemView[] }) {
  if (items.length === 0) return <p className="field-hint">No output styles of your own.</p>;
  return (
    <>
      {items.map((item) => (
        <section key={item.path} className="card setup-file" aria-label={item.name} data-testid="setup-style">
          <SourceFile kind={item.scope} path={item.path} />
          <h3 className="setup-item-name">
            {item.name}
            {item.active && <span className="setup-active"> · in use</span>}
          </h3>
          {item.description && <p>{item.description}</p>}
        </section>
      ))}
    </>
  );
}

/**
 * Skills (`skills/<name>/SKILL.md`) with a switch each, and the output style: both written to the settings file the
 * user picks (`skillOverrides`, `outputStyle`; recorded case 53) and read by Claude Code when it starts.
 */
export function SkillsPage({ setup }: { setup: ClaudeCodeSetup }) {
  const scopes = writableScopes(setup.settings);
  const [picked, setPicked] = useState<EditableScope | null>(null);
  const scope = picked && scopes.includes(picked) ? picked : scopes.includes('local') ? 'local' : (scopes[0] ?? 'user');
  return (
    <div className="setup-page" data-testid="setup-skills">
      <p className="field-hint">
        Claude uses a skill when its description fits the task. Claude Code reads the switches and the style when it
        starts: a change takes effect on the next message. A skill turned off is no longer offered to new threads; a
        thread that was offered it before still sees it in its history, and Claude Code refuses to run it.
      </p>
      <FilePicker setup={setup} scope={scope} onChange={setPicked} />
      <h3 className="setup-form-title">Skills</h3>
      {setup.skills.length === 0 && <p className="field-hint">No skills of your own.</p>}
      {setup.skills.map((s) => (
        <SkillCard key={s.path} skill={s} scope={scope} setup={setup} />
      ))}
      <h3 className="setup-form-title">How Claude answers</h3>
      <OutputStylePicker setup={setup} scope={scope} />
      <h3 className="setup-form-title">Your output styles</h3>
      <Styles items={setup.outputStyles} />
    </div>
  );
}
