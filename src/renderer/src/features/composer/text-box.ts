import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useDesk } from '../../store/store-context';
import type { Picker } from './use-picker';

const FOCUS_EVENT = 'claude-desk:focus-composer';

/** The text box as tall as its text, up to a third of the window (then it scrolls inside). Returns the height. */
function fitHeight(el: HTMLTextAreaElement): string {
  el.style.height = 'auto';
  el.style.height = `${Math.min(el.scrollHeight, Math.max(160, window.innerHeight / 3))}px`;
  return el.style.height;
}

/** Whether a key event came from the composer's text box (Esc there stops the turn). */
export function isComposer(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.dataset.composer === 'true';
}

/** Side by side (split panes), only the focused pane's composer takes focus when asked. */
const inFocusedPane = (el: HTMLElement): boolean => el.closest('[data-pane]')?.getAttribute('data-focused') !== 'false';

/** Ask the composer to take focus (after Cmd/Ctrl+N, after choosing a thread). */
export function focusComposer(): void {
  window.dispatchEvent(new Event(FOCUS_EVENT));
}

/**
 * The composer's text box: its height fits the text, it takes focus when asked or when the thread changes,
 * it knows its caret (the pickers read it) and places it once new text is on screen.
 */
export function useTextBox(
  threadId: string | null,
  text: string,
  setText: (value: string) => void,
  placeholder: string,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const prepareTurn = useDesk((s) => s.prepareTurn);
  // The next turn's CLI starts while the person types: on focus (prepare, below), and when the thread changes
  // under a composer that already has it (Cmd/Ctrl+N while typing, a thread opened from the keyboard) — no focus
  // event comes then, and that thread's first answer would have waited for a cold start (~0.3 s more).
  useEffect(() => {
    if (threadId && area.current && area.current === area.current.ownerDocument.activeElement) prepareTurn(threadId);
  }, [threadId, prepareTurn]);
  // Where the caret goes once new text is on screen: set in the same commit (a layout effect), not a frame later,
  // or a key typed meanwhile on a busy machine lands at the old caret and scrambles the text.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null) return;
    pendingCaret.current = null;
    area.current?.setSelectionRange(at, at);
  });

  useEffect(() => {
    const focus = () => {
      const el = area.current;
      if (el && !inFocusedPane(el)) return;
      el?.focus();
      el?.setSelectionRange(el.value.length, el.value.length); // after a filled-in suggestion, type on
    };
    window.addEventListener(FOCUS_EVENT, focus);
    return () => window.removeEventListener(FOCUS_EVENT, focus);
  }, []);

  useEffect(() => {
    if (area.current && inFocusedPane(area.current)) area.current.focus();
  }, [threadId]);

  // Grow with the text up to a third of the window, then scroll inside. Measured again when the box's width
  // changes (a resized window, the sidebar folded) or its placeholder does: a height measured for a wrapped
  // placeholder at 800 px would otherwise stay, an empty box two lines tall.
  // An empty box's height depends only on its placeholder and width: measured once for each, then set without
  // reading the layout — the measure after a send (the box emptied, the new rows just added) forced a layout of
  // the whole page (~13 ms) while the CLI raced to its request.
  const emptyHeights = useRef(new Map<string, string>());
  const width = useRef<number | null>(null);
  // Measured empty before the width was known (the first render): filed under it once it is.
  const unfiled = useRef<{ placeholder: string; height: string } | null>(null);
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const key = text === '' && width.current !== null ? `${width.current}|${placeholder}` : null;
    const known = key === null ? undefined : emptyHeights.current.get(key);
    if (known !== undefined) el.style.height = known;
    else {
      const height = fitHeight(el);
      if (key !== null) emptyHeights.current.set(key, height);
      else if (text === '') unfiled.current = { placeholder, height };
    }
  }, [text, placeholder]);
  useEffect(() => {
    const el = area.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      const w = entry?.contentRect.width ?? el.clientWidth;
      if (w === width.current) return; // its own height change: nothing to do
      const first = width.current === null;
      width.current = w;
      const early = unfiled.current;
      unfiled.current = null;
      if (first && early) emptyHeights.current.set(`${w}|${early.placeholder}`, early.height);
      if (!first) fitHeight(el); // the first report is the size just measured
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // A caret past the end of the text is at its end: after a send empties the box, the keyup that follows
  // (React's onSelect) finds the caret where this already says it is and renders nothing — a second render of
  // the composer then cost ~8 ms of the page while the CLI raced to its API request.
  const shownCaret = Math.min(caret, text.length);
  return {
    area,
    caret: shownCaret,
    setCaret,
    trackCaret: () => {
      const at = area.current?.selectionStart ?? 0;
      if (at !== shownCaret) setCaret(at);
    },
    /** Where the caret goes once the text set next is on screen. */
    placeCaret: (at: number) => {
      pendingCaret.current = at;
    },
    focus: () => area.current?.focus(),
    prepare: () => {
      if (threadId) prepareTurn(threadId);
    },
    /** Put text in at the caret, as a plain paste would have. */
    insert: (inserted: string) => {
      const at = area.current?.selectionStart ?? text.length;
      pendingCaret.current = at + inserted.length;
      setText(text.slice(0, at) + inserted + text.slice(at));
    },
  };
}

export interface TextBoxKeys {
  picker: Picker;
  /** Put the picked item in (true: it was a native command, which ran instead). */
  choose(index: number): boolean;
  /** ↑/↓ recall (use-recall.ts): whether it used the key. */
  recall(e: KeyboardEvent<HTMLTextAreaElement>): boolean;
  submit(): void;
  /** A command complete without arguments, picked with Enter: it is sent at once. */
  sendCommand(name: string): void;
}

/** The text box's keys: the open picker's first (move, pick, close), then recall, then Enter sends. */
export function onTextBoxKey(e: KeyboardEvent<HTMLTextAreaElement>, keys: TextBoxKeys): void {
  const { picker } = keys;
  if (picker.trigger && !e.nativeEvent.isComposing) {
    const n = picker.items.length;
    if (e.key === 'Escape') {
      e.preventDefault(); // closes the picker; the running turn is not stopped
      picker.dismiss();
      return;
    }
    if (n > 0 && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      picker.setActive((picker.active + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
      return;
    }
    if (n > 0 && (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey))) {
      e.preventDefault();
      const item = picker.items[picker.active];
      const ran = keys.choose(picker.active);
      // A command that takes nothing after it is complete: Enter sends it at once.
      if (!ran && e.key === 'Enter' && item?.command && !item.command.argumentHint) keys.sendCommand(item.command.name);
      return;
    }
  }
  if (!picker.trigger && keys.recall(e)) {
    e.preventDefault();
    return;
  }
  // IME composition (Japanese, Chinese…) uses Enter to confirm a word, not to send.
  if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
    e.preventDefault();
    keys.submit();
  }
}
