import type { SetupItemView } from '../../../../shared/claude-code-setup';
import { SourceFile } from './source-file';

function Items({ items, empty, testId }: { items: SetupItemView[]; empty: string; testId: string }) {
  if (items.length === 0) return <p className="field-hint">{empty}</p>;
  return (
    <>
      {items.map((item) => (
        <section key={item.path} className="card setup-file" aria-label={item.name} data-testid={testId}>
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

/** Skills (`skills/<name>/SKILL.md`) and output styles (`output-styles/*.md`) of the user and the project. */
export function SkillsPage({ skills, outputStyles }: { skills: SetupItemView[]; outputStyles: SetupItemView[] }) {
  return (
    <div className="setup-page" data-testid="setup-skills">
      <h3 className="setup-form-title">Skills</h3>
      <p className="field-hint">
        Claude uses a skill when its description fits the task; they load when Claude Code starts.
      </p>
      <Items items={skills} empty="No skills of your own." testId="setup-skill" />
      <h3 className="setup-form-title">Output styles</h3>
      <p className="field-hint">The style in use is the one &ldquo;outputStyle&rdquo; names in your settings.</p>
      <Items items={outputStyles} empty="No output styles of your own." testId="setup-style" />
    </div>
  );
}
