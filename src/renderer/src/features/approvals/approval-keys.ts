import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef } from 'react';

/**
 * Y / A / N answer a card when it has focus, or from anywhere when it is the only card waiting (the
 * common case). Pending cards register here so a key never answers one of several by surprise.
 */
const pending = new Set<string>();

export type ApprovalKey = 'y' | 'a' | 'n';

/** Keys typed into a field (the deny reason, an edited command) are text, never answers. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable;
}

/** Focus stays in the composer after sending: while it is empty, a Y/A/N there is an answer, not text. */
function isEmptyComposer(target: EventTarget | null): boolean {
  return target instanceof HTMLTextAreaElement && target.dataset.composer === 'true' && target.value === '';
}

export function approvalKey(e: KeyboardEvent | ReactKeyboardEvent): ApprovalKey | undefined {
  if (e.metaKey || e.ctrlKey || e.altKey) return undefined;
  // A capital there ("Yes, and…") starts a message: only a plain y/a/n answers from the composer.
  if (isTyping(e.target) && !(isEmptyComposer(e.target) && !e.shiftKey)) return undefined;
  const key = e.key.toLowerCase();
  return key === 'y' || key === 'a' || key === 'n' ? key : undefined;
}

/** Register a waiting card; while it is the only one, global keys go to `onKey`. */
export function useOnlyPendingKeys(id: string, waiting: boolean, onKey: (key: ApprovalKey) => void): void {
  const latest = useRef(onKey);
  useEffect(() => {
    latest.current = onKey;
  });
  useEffect(() => {
    if (!waiting) return;
    pending.add(id);
    const onDocKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || pending.size !== 1 || !pending.has(id)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const key = approvalKey(e);
      if (!key) return;
      e.preventDefault();
      latest.current(key);
    };
    window.addEventListener('keydown', onDocKey);
    return () => {
      pending.delete(id);
      window.removeEventListener('keydown', onDocKey);
    };
  }, [id, waiting]);
}
