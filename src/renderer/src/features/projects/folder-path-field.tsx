import { forwardRef, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FolderCompletion } from '../../../../shared/projects';
import { useDesk } from '../../store/store-context';

export interface FolderPathFieldProps {
  /** The typed folder, once the user asks to use it (Enter on no suggestion, or the button). */
  onSubmit(path: string): void;
  /** A sentence about the last folder tried (missing, unreadable), shown under the field. */
  problem?: string;
}

/**
 * Browser mode's "Open folder": a path field that completes folder names like a shell. Typing lists the folders
 * under the typed path; Up/Down choose one, Tab or Enter goes into it, Escape closes the list, Enter with none
 * chosen uses the typed folder. An ARIA combobox: the list is announced and the chosen name read out.
 */
export const FolderPathField = forwardRef<HTMLInputElement, FolderPathFieldProps>(function FolderPathField(
  { onSubmit, problem },
  ref,
) {
  const completeFolder = useDesk((s) => s.completeFolder);
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<FolderCompletion | null>(null);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const latest = useRef('');
  const listId = useId();
  const hintId = useId();
  const problemId = useId();

  useEffect(() => {
    if (!open) return;
    latest.current = text;
    completeFolder(text).then(
      // An older answer arriving after a newer keystroke is dropped.
      (next) => latest.current === text && (setAnswer(next), setActive(-1)),
      () => latest.current === text && setAnswer(null),
    );
  }, [text, open, completeFolder]);

  const names = open && answer ? answer.names : [];
  const into = (name: string) => {
    setText(`${answer?.dir ?? ''}${name}/`);
    setOpen(true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      if (names.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the typed text itself: the arrows cycle through it and the names.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? names.length - 1 : next >= names.length ? -1 : next;
      });
    } else if (e.key === 'Tab' && !e.shiftKey && names.length > 0 && (active >= 0 || names.length === 1)) {
      // Tab completes, as in a shell; with nothing to complete it moves on as usual.
      e.preventDefault();
      into(names[Math.max(active, 0)]!);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (active >= 0 && names[active]) into(names[active]);
      else if (text.trim()) {
        setOpen(false);
        onSubmit(text.trim());
      }
    } else if (e.key === 'Escape' && open && names.length > 0) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };
  const activeName = active >= 0 ? names[active] : undefined;
  return (
    <div className="folder-path">
      <label htmlFor={`${listId}-input`} className="folder-path-label">
        Folder path
      </label>
      <div className="folder-path-row">
        <input
          ref={ref}
          id={`${listId}-input`}
          className="folder-path-input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={names.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeName !== undefined ? `${listId}-${active}` : undefined}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
          placeholder="~/projects/my-app"
          spellCheck={false}
          autoComplete="off"
          value={text}
          data-testid="folder-path"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn"
          disabled={!text.trim()}
          onClick={() => {
            setOpen(false);
            onSubmit(text.trim());
          }}
          data-testid="folder-path-use"
        >
          Use folder
        </button>
      </div>
      <p id={hintId} className="folder-path-hint muted">
        Type a path; folder names complete as you type (Tab or Enter goes into the highlighted one).
      </p>
      {problem && (
        <p id={problemId} className="folder-problem" role="alert" data-testid="folder-problem">
          {problem}
        </p>
      )}
      <ul id={listId} role="listbox" aria-label="Folders" className="folder-suggestions" hidden={names.length === 0}>
        {names.map((name, i) => (
          <li
            key={name}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            data-testid="folder-suggestion"
            // mousedown, not click: the field keeps its focus.
            onMouseDown={(e) => {
              e.preventDefault();
              into(name);
            }}
          >
            {name}/
          </li>
        ))}
        {answer?.truncated && names.length > 0 && (
          <li role="presentation" className="muted folder-more">
            More folders match; type more letters.
          </li>
        )}
      </ul>
      {open && answer?.problem && text.trim() && (
        <p className="muted folder-path-note" data-testid="folder-path-note">
          {answer.problem}
        </p>
      )}
    </div>
  );
});
