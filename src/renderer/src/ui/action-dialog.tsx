import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './use-modal-focus';

export interface ActionDialogProps {
  title: string;
  children: ReactNode;
  /** The one thing the dialog does (e.g. "Rewind and restore 2 files"); shown while it runs as `busyLabel`. */
  actionLabel: string;
  busyLabel: string;
  onAction(): void;
  actionDisabled?: boolean;
  /** While the action runs, nothing closes the dialog (its outcome is still coming). */
  busy?: boolean;
  /** What the host refused, said at the top; the dialog stays open. */
  error?: string;
  closeLabel?: string;
  onClose(): void;
  className?: string;
  testId?: string;
  actionTestId?: string;
}

/**
 * A modal that loads something, shows it, and offers one action that takes a while (unlike ConfirmDialog's
 * yes/no and FormDialog's fields). Focus starts on the safe button, Tab stays inside, Esc closes.
 * Portalled to the body: a dialog opened from a virtualized row would otherwise be pinned inside the row's
 * transform instead of the window.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { title, children, busy, error, onClose } = props;
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { box, onKeyDown } = useModalFocus<HTMLDivElement>(() => closeRef.current, onClose);
  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && onClose()}>
      <div
        ref={box}
        className={props.className ? `dialog ${props.className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        data-testid={props.testId}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div className="dialog-body">
          {error && (
            <p className="dialog-error" role="alert">
              {error}
            </p>
          )}
          {children}
        </div>
        <div className="dialog-actions">
          <button ref={closeRef} type="button" className="btn" onClick={onClose} disabled={busy}>
            {props.closeLabel ?? 'Cancel'}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={props.onAction}
            disabled={props.actionDisabled || busy}
            data-testid={props.actionTestId}
          >
            {busy ? props.busyLabel : props.actionLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
