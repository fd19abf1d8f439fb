import { useId, useState } from 'react';
import type { InstructionFileView } from '../../../../shared/claude-code-setup';
import { byMessages } from '../../store/by-messages';
import { useDesk } from '../../store/store-context';
import { Markdown } from '../../ui/markdown';
import { SourceFile } from './source-file';

/**
 * The open thread's latest answer that carries the CLI's own context report (`memoryFiles`: the files its session
 * loaded, recorded case 53f), kept with the thread's messages; undefined before its first turn (or after /clear).
 */
const reportOf = byMessages((s) => {
  for (let i = s.messageIds.length - 1; i >= 0; i--) {
    const m = s.messages[s.messageIds[i]!];
    if (m?.role === 'user' && m.marker === 'clear') return undefined;
    if (m?.role === 'assistant' && m.contextUsage) return m;
  }
  return undefined;
});

/** What the session reported, for the page: the paths loaded and when that turn began. */
export interface LoadReport {
  paths: string[];
  at?: number;
}

function loadState(file: InstructionFileView, report: LoadReport | undefined): string | undefined {
  if (!file.exists) return undefined;
  const listed = report?.paths.some((p) => p === file.path || p === file.realPath);
  // Claude Code reads the files when it starts, at the turn's start at the latest: a later change is not in it.
  if (listed && file.modifiedAt !== undefined && report?.at !== undefined && file.modifiedAt > report.at)
    return 'Changed since this thread’s session loaded it: the new text loads on the next message';
  if (listed) return 'Loaded in this thread’s session';
  // A subfolder's comes with the first file Claude reads there, and the CLI's report never lists it (case 53f).
  if (file.kind === 'nested') return 'Loads when Claude reads a file in its folder';
  return 'Loads on the next message';
}

function InstructionFile({ file, report }: { file: InstructionFileView; report?: LoadReport }) {
  const state = loadState(file, report);
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
      {report && state && (
        <p className="setup-load-state" data-loaded={state.startsWith('Loaded') || undefined} data-testid="load-state">
          {state}
        </p>
      )}
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

/**
 * The CLAUDE.md files that apply to the open thread's project, in the order Claude Code loads them (cases 46, 53f),
 * each marked with whether the thread's session loaded it.
 */
export function InstructionsPage({ files, project }: { files: InstructionFileView[]; project?: string }) {
  const answer = useDesk(reportOf);
  const paths = answer?.contextUsage?.memoryFiles?.map((m) => m.path);
  // With a thread but no report yet (no turn, or a CLI that does not say): everything loads on its next message.
  const report: LoadReport | undefined = project ? { paths: paths ?? [], at: answer?.createdAt } : undefined;
  return (
    <div className="setup-page" data-testid="setup-instructions">
      <p className="field-hint">
        Claude Code reads these at the start of a session, in this order: yours, those of the folders above the project,
        then the project&rsquo;s own; a subfolder&rsquo;s when Claude reads a file there. A change takes effect on the
        next message.
        {project
          ? paths
            ? ' Marked: what this thread’s session loaded, as Claude Code reported after its latest message.'
            : ' This thread has not reported what it loaded yet: they load on its next message.'
          : ' Open a thread to see its project’s files here.'}
      </p>
      {files.map((f) => (
        <InstructionFile key={f.path} file={f} report={report} />
      ))}
    </div>
  );
}
