import { useId, useState } from 'react';
import {
  writableScopes,
  HOOK_EVENTS,
  TOOL_HOOK_EVENTS,
  type EditableScope,
  type HookEvent,
  type SettingsFileView,
} from '../../../../shared/claude-code-setup';
import { useDesk } from '../../store/store-context';

const SCOPE_WORD: Record<EditableScope, string> = { user: 'User', project: 'Project', local: 'Local' };

/**
 * A new command hook: an event from Claude Code's own list, a tool pattern for the tool events, the command, and
 * the file it goes to (the user's by default: a hook usually follows the person, not the project).
 */
export function AddHook({ files }: { files: SettingsFileView[] }) {
  const addHook = useDesk((s) => s.addHook);
  const ids = { event: useId(), matcher: useId(), command: useId(), file: useId(), hint: useId() };
  const scopes = writableScopes(files);
  const [scope, setScope] = useState<EditableScope>(scopes[0] ?? 'user');
  const [event, setEvent] = useState<HookEvent>('UserPromptSubmit');
  const [matcher, setMatcher] = useState('');
  const [command, setCommand] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const forTools = TOOL_HOOK_EVENTS.includes(event);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // The host checks too; said here at once so nothing is sent for a blank command.
    if (!command.trim()) return setError('A hook needs a command to run.');
    setBusy(true);
    const failed = await addHook(scope, { event, ...(forTools && matcher.trim() ? { matcher } : {}), command });
    setBusy(false);
    setError(failed);
    if (!failed) {
      setCommand('');
      setMatcher('');
    }
  };
  if (scopes.length === 0) return null;
  return (
    <form className="card setup-add" onSubmit={(e) => void submit(e)} aria-label="Add a hook">
      <h3 className="setup-form-title">Add a hook</h3>
      <div className="setup-form-grid">
        <label htmlFor={ids.event}>Event</label>
        <select id={ids.event} value={event} onChange={(e) => setEvent(e.target.value as HookEvent)}>
          {HOOK_EVENTS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {forTools && (
          <>
            <label htmlFor={ids.matcher}>Tools</label>
            <input
              id={ids.matcher}
              value={matcher}
              spellCheck={false}
              placeholder="Every tool · Write · Edit|Write · mcp__github__.*"
              onChange={(e) => setMatcher(e.target.value)}
            />
          </>
        )}
        <label htmlFor={ids.command}>Command</label>
        <input
          id={ids.command}
          value={command}
          spellCheck={false}
          placeholder={'echo "$(date)" >> ~/prompts.log'}
          aria-describedby={ids.hint}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setCommand(e.target.value)}
        />
        <label htmlFor={ids.file}>File</label>
        <select id={ids.file} value={scope} onChange={(e) => setScope(e.target.value as EditableScope)}>
          {scopes.map((s) => (
            <option key={s} value={s}>
              {SCOPE_WORD[s]}: {files.find((f) => f.scope === s)?.path}
            </option>
          ))}
        </select>
      </div>
      <p id={ids.hint} className="field-hint">
        The command runs in a shell with the event as JSON on its input; exit code 2 blocks (a tool, a prompt) with what
        it printed to stderr. It takes effect on the next message.
      </p>
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Add hook
      </button>
    </form>
  );
}
