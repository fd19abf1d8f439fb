import { useState } from 'react';
import type { EditableScope, SettingsFileView } from '../../../../shared/claude-code-setup';
import { useDesk } from '../../store/store-context';
import { SourceFile } from './source-file';

function FileHooks({ file }: { file: SettingsFileView }) {
  const setHooksOff = useDesk((s) => s.setHooksOff);
  const [error, setError] = useState<string | null>(null);
  const editable = file.scope !== 'managed' && !file.error && file.exists;
  return (
    <section className="card setup-file" aria-label={`Hooks in ${file.path}`} data-testid={`hooks-${file.scope}`}>
      <SourceFile kind={file.scope} path={file.path} exists={file.exists} />
      {file.error && (
        <p className="setup-error" role="alert">
          {file.error}
        </p>
      )}
      {file.hooks.length === 0 ? (
        <p className="field-hint">No hooks in this file.</p>
      ) : (
        <ul className="setup-list">
          {file.hooks.map((h, i) => (
            <li key={i} className="setup-row setup-hook" data-testid="setup-hook" data-off={file.hooksOff || undefined}>
              <span className="setup-hook-event">
                {h.event}
                {h.matcher ? ` · ${h.matcher}` : ''}
              </span>
              <code>{h.command}</code>
              {h.timeout !== undefined && <span className="field-hint">timeout {h.timeout}s</span>}
            </li>
          ))}
        </ul>
      )}
      {editable && file.hooks.length > 0 && (
        <label className="setup-toggle">
          <input
            type="checkbox"
            checked={!file.hooksOff}
            onChange={(e) => void setHooksOff(file.scope as EditableScope, !e.target.checked).then(setError)}
          />
          Run this file&rsquo;s hooks
        </label>
      )}
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** Every configured hook by event and matcher, with its command; each turn shows the hooks that ran. */
export function HooksPage({ files }: { files: SettingsFileView[] }) {
  return (
    <div className="setup-page" data-testid="setup-hooks">
      <p className="field-hint">
        Hooks are read when Claude Code starts: a change takes effect on the next message, when Claude Desk starts it
        again. Each answer shows the hooks that ran (&ldquo;Hook UserPromptSubmit ran&rdquo;) and those that blocked a
        tool.
      </p>
      {files.map((f) => (
        <FileHooks key={f.path} file={f} />
      ))}
    </div>
  );
}
