import { describe, expect, it } from 'vitest';
import { isNarrow } from './use-narrow';

/** A window whose matchMedia counts its calls; `resize` fires the narrow query's change as a browser would. */
function countingWindow(narrow: boolean) {
  let calls = 0;
  const listeners: ((e: { matches: boolean }) => void)[] = [];
  const list = {
    matches: narrow,
    addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.push(l),
    removeEventListener: () => {},
  };
  const win = {
    matchMedia: () => {
      calls++;
      return list;
    },
  } as unknown as Window;
  const resize = (to: boolean) => {
    list.matches = to;
    for (const l of listeners) l({ matches: to });
  };
  return { win, resize, calls: () => calls };
}

describe('isNarrow', () => {
  it('asks matchMedia once per window and then follows its change events (no query per store change)', () => {
    const { win, resize, calls } = countingWindow(false);
    for (let i = 0; i < 20; i++) expect(isNarrow(win)).toBe(false);
    resize(true);
    expect(isNarrow(win)).toBe(true);
    expect(calls()).toBe(1);
  });
});
