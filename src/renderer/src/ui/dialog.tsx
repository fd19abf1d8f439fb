import { useId, useRef, type ReactNode } from 'react';
import { useModalFocus } from './use-modal-focus';

export interface DialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive or risky: the confirm button is drawn in the warning color. */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
  testId?: string;
}

/**
 * A modal confirmation. Focus moves to Cancel (the safe choice) when it opens, Tab stays inside,
 * Esc cancels, and focus returns to whatever opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  onConfirm,
  onCancel,
  testId,
}: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Focus starts on Cancel: the safe choice.
  const { box, onKeyDown } = useModalFocus<HTMLDivElement>(() => cancelRef.current, onCancel);

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onCancel()}>
      <div
        ref={box}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div id={bodyId} className="dialog-body">
          {children}
        </div>
        <div className="dialog-actions">
          <button ref={cancelRef} type="button" className="btn" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
