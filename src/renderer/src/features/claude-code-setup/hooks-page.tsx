import { useEffect, useState } from 'react';
import type { EditableScope, HookRef, HookView, SettingsFileView } from '../../../../shared/claude-code-setup';
import { useDesk } from '../../store/store-context';
import { ConfirmDialog } from '../../ui/dialog';
import { AddHook } from './add-hook-form';
import { SourceFile } from './source-file';

type Removing = { file: SettingsFileView; hook: HookView };

const refOf = (h: HookView): HookRef => ({
  event: h.event,
  ...(h.matcher ? { matcher: h.matcher } : {}),
  command: h.command,
  off: h.off === true,
});
const nameOf = (h: HookView) => `${h.event}${h.matcher ? ` · ${h.matcher}` : ''}`;

/** One hook: its event and matcher, its command, its own switch and Remove (a file the page may write). */
function HookRow(props: {
  file: SettingsFileView;
  hook: HookView;
  editable: boolean;
  onError(error: string | null): void;
  onRemove(): void;
}) {
  const { file, hook: h, editable } = props;
  const setHookOff = useDesk((s) => s.setHookOff);
  // A flipped switch shows its new state at once; the host's answer confirms it (or puts it back, with the reason).
  const [flipped, setFlipped] = useState<boolean | null>(null);
  const toggle = async (on: boolean) => {
    setFlipped(on);
    props.onError(await setHookOff(file.scope as EditableScope, refOf(h), !on));
    setFlipped(null);
  };
  return (
    <li
      className="setup-row setup-hook"
      data-testid="setup-hook"
      data-off={file.hooksOff || undefined}
      data-hook-off={h.off || undefined}
    >
      {editable && (
        <label className="setup-switch" title="Run this hook (off: kept in the file, not run)">
          <input
            type="checkbox"
            role="switch"
            checked={flipped ?? !h.off}
            disabled={flipped !== null}
            // The visible word starts the name (WCAG 2.5.3, label in name); the rest says which hook.
            aria-label={`On: run the ${nameOf(h)} hook: ${h.command}`}
            onChange={(e) => void toggle(e.target.checked)}
          />
          On
        </label>
      )}
      <span className="setup-hook-event">{nameOf(h)}</span>
      <code>{h.command}</code>
      {(h.timeout !== undefined || h.off) && (
        <span className="setup-hook-notes">
          {h.timeout !== undefined && <span className="field-hint">timeout {h.timeout}s</span>}
          {h.off && <span className="setup-hook-off">Off: kept in the file, not run</span>}
        </span>
      )}
      {editable && (
        <button
          type="button"
          className="btn btn-small btn-ghost"
          aria-label={`Remove the ${nameOf(h)} hook: ${h.command}`}
          onClick={props.onRemove}
        >
          Remove
        </button>
      )}
    </li>
  );
}

function FileHooks(props: { file: SettingsFileView; unused?: string; onRemove(r: Removing): void }) {
  const { file, onRemove } = props;
  const setHooksOff = useDesk((s) => s.setHooksOff);
  const [error, setError] = useState<string | null>(null);
  const editable = file.scope !== 'managed' && !file.error && file.exists;
  return (
    <section className="card setup-file" aria-label={`Hooks in ${file.path}`} data-testid={`hooks-${file.scope}`}>
      <SourceFile kind={file.scope} path={file.path} exists={file.exists} />
      {file.error && (
        <p className="setup-error" role="alert">
          Claude Code cannot read this file as it is, and Claude Desk will not write to it. {file.error} Fix it in an
          editor.
        </p>
      )}
      {props.unused && file.hooks.length > 0 && (
        <p className="setup-error" data-testid="hooks-file-unused">
          Claude Code does not use this file, so none of its hooks run: {props.unused}
        </p>
      )}
      {file.hooks.length === 0 ? (
        <p className="field-hint">No hooks in this file.</p>
      ) : (
        <ul className="setup-list">
          {file.hooks.map((h, i) => (
            <HookRow
              key={`${i}:${h.event}:${h.command}`}
              file={file}
              hook={h}
              editable={editable}
              onError={setError}
              onRemove={() => onRemove({ file, hook: h })}
            />
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
          Run this file&rsquo;s hooks (Claude Code&rsquo;s own switch for all of them)
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

/** Every configured hook by event and matcher, with its command, its switch and Remove; add one to any file. */
export function HooksPage({ files }: { files: SettingsFileView[] }) {
  const removeHook = useDesk((s) => s.removeHook);
  const loadEffective = useDesk((s) => s.loadEffectiveSettings);
  const effective = useDesk((s) => (s.effectiveSettingsLoading ? null : s.effectiveSettings));
  // A file Claude Code rejects runs none of its hooks (recorded case 52): its own answer says which (cached).
  useEffect(() => {
    void loadEffective();
  }, [loadEffective, files]);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = async ({ file, hook }: Removing) => {
    setRemoving(null);
    setError(await removeHook(file.scope as EditableScope, refOf(hook)));
  };
  return (
    <div className="setup-page" data-testid="setup-hooks">
      <p className="field-hint">
        Hooks are read when Claude Code starts: a change takes effect on the next message, when Claude Desk starts it
        again. A hook switched off stays in its file (under &ldquo;claudeDeskDisabledHooks&rdquo;, which Claude Code
        ignores) and is not run. Each answer shows the hooks that ran (&ldquo;Hook UserPromptSubmit ran&rdquo;) and
        those that blocked a tool.
      </p>
      {files.map((f) => (
        <FileHooks
          key={f.path}
          file={f}
          unused={effective?.errors.find((e) => e.path === f.path)?.message}
          onRemove={setRemoving}
        />
      ))}
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
      <AddHook files={files} />
      {removing && (
        <ConfirmDialog
          title="Remove this hook?"
          confirmLabel="Remove hook"
          danger
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
          testId="remove-hook-dialog"
        >
          <p>
            The {nameOf(removing.hook)} hook <code>{removing.hook.command}</code> is removed from{' '}
            <code>{removing.file.path}</code>. To keep it without running it, switch it off instead.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
