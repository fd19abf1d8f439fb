import { useEffect, useId, useRef, useState } from 'react';
import { useDesk } from '../../store/store-context';

const KIND_LABEL = {
  user: 'Yours (every project)',
  project: 'This project',
  nested: 'A subfolder',
  parent: 'A folder above this project',
  local: 'This project, only you',
};

/**
 * `# note` typed in the composer: Claude Code's "remember this" (its `#` shortcut) — the note, without the `#`. One
 * line only: a pasted markdown text that starts with a heading is a message, and is sent.
 */
export function rememberedNote(text: string): string | null {
  const m = /^#(?!#)[ \t]*(\S[^\n]*)$/.exec(text.trim());
  return m ? m[1]!.trim() : null;
}

/**
 * Where to remember a `#` note: the CLAUDE.md files that apply to this thread's project (Settings → Claude Code →
 * Instructions); the note is appended to the one picked, the rest of the file untouched.
 */
export function RememberPanel({ note, onDone }: { note: string; onDone: (saved: boolean) => void }) {
  const setup = useDesk((s) => s.claudeCodeSetup);
  const load = useDesk((s) => s.loadClaudeCodeSetup);
  const append = useDesk((s) => s.appendInstruction);
  const pushNotice = useDesk((s) => s.pushNotice);
  const name = useId();
  const card = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);
  const files = (setup?.instructions ?? []).filter((f) => f.kind !== 'nested');
  const choice = picked ?? files.find((f) => f.kind === 'project')?.path ?? files[0]?.path ?? null;
  useEffect(() => {
    card.current?.querySelector<HTMLElement>('input')?.focus();
  }, [files.length]);
  const submit = async () => {
    if (!choice) return;
    const failed = await append(choice, note);
    setError(failed);
    if (failed) return;
    pushNotice('info', `Remembered in ${choice}. Claude Code reads it at the start of a conversation.`);
    onDone(true);
  };
  return (
    // Not a <form>: it sits inside the composer's, and a nested form's submit would reach the composer's too.
    <div
      ref={card}
      className="composer-panel"
      role="group"
      aria-label="Remember this"
      data-testid="remember-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone(false);
        }
      }}
    >
      <fieldset className="field">
        <legend className="field-label">Remember &ldquo;{note}&rdquo; in</legend>
        {files.map((f) => (
          <label key={f.path} className="remember-choice">
            <input type="radio" name={name} checked={choice === f.path} onChange={() => setPicked(f.path)} />
            <span>
              {KIND_LABEL[f.kind]}
              <code className="remember-path">{f.path}</code>
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="remember-error" role="alert">
          {error}
        </p>
      )}
      <div className="field-row">
        <button type="button" className="btn btn-primary" disabled={!choice} onClick={() => void submit()}>
          Remember
        </button>
        <button type="button" className="btn" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
