import { useId, useState } from 'react';
import type { InstructionFileView } from '../../../../shared/claude-code-setup';
import { useDesk } from '../../store/store-context';
import { Markdown } from '../../ui/markdown';
import { SourceFile } from './source-file';

function InstructionFile({ file }: { file: InstructionFileView }) {
  const save = useDesk((s) => s.saveInstructionFile);
  const editorId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (draft === null) return;
    setBusy(true);
    const failed = await save(file.path, draft);
    setBusy(false);
    setError(failed);
    if (!failed) setDraft(null);
  };
  return (
    <section className="card setup-file" aria-label={file.path} data-testid={`instructions-${file.kind}`}>
      <SourceFile kind={file.kind} path={file.path} exists={file.exists} />
      {draft === null ? (
        <>
          {file.exists && file.text?.trim() ? (
            <div className="setup-markdown">
              <Markdown text={file.text} />
            </div>
          ) : (
            <p className="field-hint">{file.exists ? 'This file is empty.' : 'There is no such file yet.'}</p>
          )}
          {!file.truncated && (
            <button type="button" className="btn btn-small" onClick={() => setDraft(file.text ?? '')}>
              {file.exists ? 'Edit' : 'Create'}
            </button>
          )}
          {file.truncated && <p className="field-hint">Too long to edit here: open it in your editor.</p>}
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={editorId} className="field-label">
            Text of {file.path.split(/[\\/]/).pop()}
          </label>
          <textarea
            id={editorId}
            className="setup-editor"
            value={draft}
            rows={12}
            spellCheck={false}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className="field-row">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Save
            </button>
            <button type="button" className="btn" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The CLAUDE.md files that apply to the open thread's project, in the order Claude Code loads them (case 46). */
export function InstructionsPage({ files, project }: { files: InstructionFileView[]; project?: string }) {
  return (
    <div className="setup-page" data-testid="setup-instructions">
      <p className="field-hint">
        Claude Code reads these at the start of a conversation, in this order: yours, then the project&rsquo;s (nested
        ones when Claude works in their folder), then the local one.
        {project ? '' : ' Open a thread to see its project’s files here.'}
      </p>
      {files.map((f) => (
        <InstructionFile key={f.path} file={f} />
      ))}
    </div>
  );
}
