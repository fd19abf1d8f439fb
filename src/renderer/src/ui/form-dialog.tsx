import { useId, type FormEvent, type ReactNode } from 'react';
import { useModalFocus } from './use-modal-focus';

export interface FormDialogProps {
  title: string;
  children: ReactNode;
  submitLabel: string;
  /** While saving: the buttons are disabled so a second click cannot send twice. */
  busy?: boolean;
  onSubmit(): void;
  onCancel(): void;
  testId?: string;
}

/**
 * A modal form (unlike ConfirmDialog, which asks a yes/no question): focus starts in the first field,
 * Tab stays inside, Esc cancels, Enter in a text field submits, and focus returns to whatever opened it.
 */
export function FormDialog({ title, children, submitLabel, busy, onSubmit, onCancel, testId }: FormDialogProps) {
  const titleId = useId();
  const { box, onKeyDown } = useModalFocus<HTMLFormElement>(
    (form) => form.querySelector<HTMLElement>('input, textarea'),
    onCancel,
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onCancel()}>
      <form
        ref={box}
        className="dialog dialog-form"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        onSubmit={submit}
        data-testid={testId}
        noValidate
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div className="dialog-body">{children}</div>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
