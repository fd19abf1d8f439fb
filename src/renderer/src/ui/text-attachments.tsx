import { useId, useState } from 'react';
import { Icon } from './icons';
import { linesLabel, PASTED_TEXT, type TextAttachment } from '../../../shared/attached-text';
import './text-attachments.css';

/**
 * Attached files and long pastes as chips ("Pasted text · 142 lines"): a click opens the full text below them,
 * folded again by a second click. The composer adds Remove and "Insert as text"; the user's bubble shows them
 * read-only, the same way, so a 500-line log never fills the conversation.
 */
export function TextAttachments({
  items,
  testId,
  onRemove,
  onInsert,
}: {
  items: readonly TextAttachment[];
  testId: string;
  onRemove?: (index: number) => void;
  onInsert?: (index: number) => void;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const previewId = useId();
  const shown = open !== null && open < items.length ? open : null;
  const item = shown === null ? undefined : items[shown];
  return (
    <>
      {items.map((f, i) => {
        const pasted = f.name.startsWith(PASTED_TEXT);
        return (
          <span key={i} className="chip text-chip" data-testid={testId}>
            <button
              type="button"
              className="text-chip-open"
              aria-expanded={shown === i}
              aria-controls={shown === i ? previewId : undefined}
              title={shown === i ? 'Fold the text' : 'Show the text'}
              onClick={() => setOpen(shown === i ? null : i)}
            >
              <Icon name="file" size={14} />
              <span className="text-chip-name">{f.name}</span>
              <span className="text-chip-lines">{` · ${linesLabel(f.text)}`}</span>
            </button>
            {onRemove && (
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${pasted ? f.name.toLowerCase() : f.name}`}
                onClick={() => {
                  if (shown !== null && shown >= i) setOpen(shown === i ? null : shown - 1);
                  onRemove(i);
                }}
              >
                <Icon name="x" size={12} />
              </button>
            )}
          </span>
        );
      })}
      {item && shown !== null && (
        <div className="text-chip-preview" id={previewId} data-testid={`${testId}-preview`}>
          <div className="text-chip-preview-bar">
            <span>{item.name}</span>
            {onInsert && (
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => {
                  setOpen(null);
                  onInsert(shown);
                }}
              >
                Insert as text
              </button>
            )}
          </div>
          {/* Focusable: the text scrolls, and keyboard users must be able to scroll it too. */}
          <pre tabIndex={0} aria-label={`${item.name}, ${linesLabel(item.text)}`}>
            {item.text}
          </pre>
        </div>
      )}
    </>
  );
}
