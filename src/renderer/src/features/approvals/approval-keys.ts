import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/**
 * Keys for approval cards. Y / A / N answer a card only while it (or a button inside it) has focus: a
 * letter typed anywhere else is text or nothing, never an answer — a reply that starts "actually…" in
 * the composer must not run a command or write an Always-allow rule. Alt+R moves focus to the waiting
 * card (the card shows the shortcut), so answering from the keyboard is two deliberate keys.
 */
export type ApprovalKey = 'y' | 'a' | 'n';

export const FOCUS_APPROVAL_KEYS = 'Alt+R';
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** How the shortcut reads on this platform (Option on a Mac). */
export const FOCUS_APPROVAL_LABEL = isMac ? '⌥R' : 'Alt+R';

/** Keys typed into a field (the deny reason, an edited command, the composer) are text, never answers. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable;
}

/** The answer a key press on a focused card means, if any (the card's own onKeyDown calls this). */
export function approvalKey(e: KeyboardEvent | ReactKeyboardEvent): ApprovalKey | undefined {
  if (e.metaKey || e.ctrlKey || e.altKey || isTyping(e.target)) return undefined;
  const key = e.key.toLowerCase();
  return key === 'y' || key === 'a' || key === 'n' ? key : undefined;
}

/** Alt+R, by physical key: Option+R types "®" on a Mac. */
export function isFocusApprovalShortcut(e: KeyboardEvent): boolean {
  return e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.code === 'KeyR';
}

/**
 * Move focus to the first waiting card, or to the next one when a card already has it (several can wait).
 * Returns false when none waits, so the key does nothing.
 */
export function focusWaitingApproval(doc: Document = document): boolean {
  const cards = [...doc.querySelectorAll<HTMLElement>('.approval-card[data-outcome="waiting"]')];
  if (cards.length === 0) return false;
  const current = cards.findIndex((c) => c.contains(doc.activeElement));
  const next = cards[(current + 1) % cards.length]!;
  next.focus();
  next.scrollIntoView?.({ block: 'nearest' });
  return true;
}
