import { useEffect, useId, useState } from 'react';
import type { ProjectWorktrees } from '../../../../shared/projects';
import type { ThreadSettings, ThreadSummary } from '../../../../shared/threads';
import { errorText } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';
import { FormDialog } from '../../ui/form-dialog';
import { ModelPicker } from '../../ui/model-picker';
import { defaultWorkspace } from './default-workspace';

/** The project's switch as the thread settings say it. */
const SWITCH_SAID: Record<ProjectWorktrees, string> = {
  always: 'always their own worktree',
  'first-edit': 'their own worktree when Claude first edits',
  never: 'never a worktree (the folder itself)',
};

/** `claude-code:sonnet@0.2` → '0.2': the part Claude Code cannot use (it has no temperature setting). */
export function temperatureOf(model: string): string | undefined {
  const m = /@\s*([^@]*)$/.exec(model.trim());
  return m?.[1] && Number.isFinite(Number(m[1])) ? m[1].trim() : undefined;
}

/**
 * A thread's own settings: the folder Claude Code works in, the model, and a system prompt added to
 * Claude Code's own. Saved through the host, which checks the folder; its refusal is shown here and the
 * dialog stays open. Choose… opens the native folder picker, which only the desktop app has.
 */
export function ThreadSettingsDialog({ thread, onClose }: { thread: ThreadSummary; onClose(): void }) {
  const ids = {
    dir: useId(),
    dirHint: useId(),
    model: useId(),
    modelHint: useId(),
    prompt: useId(),
    promptHint: useId(),
  };
  const appInfo = useDesk((s) => s.appInfo);
  const defaultModel = useDesk((s) => s.settings?.defaultModel);
  const save = useDesk((s) => s.updateThreadSettings);
  const chooseFolder = useDesk((s) => s.chooseFolder);
  const [projectDir, setProjectDir] = useState(thread.settings.projectDir ?? '');
  const [model, setModel] = useState(thread.settings.model ?? '');
  const [systemPrompt, setSystemPrompt] = useState(thread.settings.systemPrompt ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const workspace = defaultWorkspace(appInfo?.dataDir);
  const worktree = thread.settings.worktree;
  // The project's own worktree switch (a git project without a worktree in this thread): what applies, said here.
  const savedDir = thread.settings.projectDir ?? '';
  const describe = useDesk((s) => s.describeFolder);
  const [projectSwitch, setProjectSwitch] = useState<ProjectWorktrees | undefined>();
  useEffect(() => {
    let current = true;
    if (savedDir && !worktree)
      void describe(savedDir).then(
        (f) => current && setProjectSwitch(f.git?.worktrees),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [describe, savedDir, worktree]);
  const canPick = appInfo?.host === 'electron';
  const temperature = temperatureOf(model);

  const choose = async () => {
    try {
      const picked = await chooseFolder(`Project folder for “${thread.title}”`);
      if (picked) setProjectDir(picked);
    } catch (err) {
      setError(errorText(err));
    }
  };

  const submit = async () => {
    // Only what changed: an unchanged model must not ask a running CLI to switch (set_model).
    const next: Required<Pick<ThreadSettings, 'projectDir' | 'model' | 'systemPrompt'>> = {
      projectDir: projectDir.trim(),
      model: model.trim(),
      systemPrompt: systemPrompt.trim() ? systemPrompt : '',
    };
    const patch: Pick<ThreadSettings, 'projectDir' | 'model' | 'systemPrompt'> = {};
    for (const key of ['projectDir', 'model', 'systemPrompt'] as const) {
      if (next[key] !== (thread.settings[key] ?? '')) patch[key] = next[key];
    }
    if (Object.keys(patch).length === 0) return onClose();
    setBusy(true);
    setError(null);
    const refused = await save(thread.id, patch);
    setBusy(false);
    if (refused) setError(refused);
    else onClose();
  };

  return (
    <FormDialog
      title="Thread settings"
      submitLabel="Save"
      busy={busy}
      onSubmit={() => void submit()}
      onCancel={onClose}
      testId="thread-settings-dialog"
    >
      <div className="field">
        <label htmlFor={ids.dir} className="field-label">
          Project folder
        </label>
        <div className="field-row">
          <input
            id={ids.dir}
            value={projectDir}
            onChange={(e) => setProjectDir(e.target.value)}
            placeholder={workspace ? `Default workspace (${workspace})` : 'Default workspace'}
            aria-describedby={ids.dirHint}
            aria-invalid={error ? true : undefined}
            spellCheck={false}
            autoComplete="off"
          />
          {canPick && (
            <button type="button" className="btn" onClick={() => void choose()} data-testid="choose-folder">
              Choose…
            </button>
          )}
        </div>
        <p id={ids.dirHint} className="field-hint">
          Claude Code works in this folder and may edit files in it. Use the full path
          {canPick ? ' or Choose… to pick it' : ''}. Leave it empty for the default workspace
          {workspace ? (
            <>
              {' '}
              (<code data-testid="default-workspace">{workspace}</code>)
            </>
          ) : null}
          .
        </p>
        {worktree && worktree.state !== 'discarded' && (
          <p className="field-hint" data-testid="thread-worktree">
            This thread works in its own git worktree, <code>{worktree.path}</code>, on branch{' '}
            <code>{worktree.branch}</code> (from <code>{worktree.base}</code>): its edits stay there until you land
            them.
          </p>
        )}
        {!worktree && savedDir && (
          <p className="field-hint" data-testid="thread-worktree-choice">
            {thread.settings.useWorktree
              ? 'This thread gets its own git worktree on its first message.'
              : thread.settings.worktreeOnEdit
                ? `This thread reads in ${savedDir} and gets its own git worktree when Claude first wants to change a file: the edit happens there, never in your checkout.`
                : `This thread works in ${savedDir} itself, not in a worktree of its own.`}
            {projectSwitch &&
              ` New threads of this project: ${SWITCH_SAID[projectSwitch]} — the project’s switch, in the folder picker of a new thread.`}
          </p>
        )}
        {!worktree && savedDir && thread.settings.worktreeOnEdit && (
          <p className="field-hint">
            <button
              type="button"
              className="btn btn-small"
              data-testid="edit-folder-itself"
              onClick={() =>
                void save(thread.id, { worktreeOnEdit: false }).then((refused) => refused && setError(refused))
              }
            >
              Let Claude edit {savedDir} itself
            </button>{' '}
            (no worktree: its edits land in your checkout, beside the other threads’).
          </p>
        )}
      </div>

      <div className="field" role="group" aria-labelledby={ids.model}>
        <span id={ids.model} className="field-label">
          Model
        </span>
        {/* The one model picker (Settings' and /model's): the CLI's models, or any name typed. Chosen here, saved by Save. */}
        <ModelPicker
          threadId={thread.id}
          label="Model for this thread"
          current={model || 'default'}
          pick={(value) => {
            setModel(value === 'default' ? '' : value);
            return Promise.resolve(null);
          }}
        />
        <p id={ids.modelHint} className="field-hint">
          {model ? (
            <>
              Now: <code data-testid="thread-model">{model}</code>.{' '}
            </>
          ) : (
            <>Now: the default{defaultModel ? <> ({defaultModel})</> : " (Claude Code's own)"}. </>
          )}
          A name such as <code>sonnet</code> or <code>opus</code>, or{' '}
          <code>claude-code:&lt;model&gt;@&lt;temperature&gt;</code>. A temperature is kept but not sent: Claude Code
          has no temperature setting.
          {temperature && (
            <strong className="temperature-note" data-testid="temperature-note">
              {' '}
              Temperature {temperature} will not be sent.
            </strong>
          )}
        </p>
      </div>

      <div className="field">
        <label htmlFor={ids.prompt} className="field-label">
          System prompt
        </label>
        <textarea
          id={ids.prompt}
          className="field-wide"
          rows={5}
          value={systemPrompt}
          onChange={(e) => setSystemPrompt(e.target.value)}
          placeholder="e.g. Answer briefly. Prefer TypeScript."
          aria-describedby={ids.promptHint}
        />
        <p id={ids.promptHint} className="field-hint">
          Added after Claude Code&apos;s own system prompt on every turn of this thread.
        </p>
      </div>

      {error && (
        <p className="form-error" role="alert" data-testid="thread-settings-error">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
