/**
 * The first-glyph bench's marks inside the page (an init script: a string, as this folder is type-checked for Node).
 * Armed before Enter, it records, on the page's clock (performance.now(), epoch origin `origin`):
 *  - enter: the Enter keydown (capturing, before the app's own handler);
 *  - received: the first WebSocket message carrying a text delta (its listener is added before the app's);
 *  - dom: the first mutation that puts the answer's text ("Hello…") in a new last assistant message;
 *  - frame: the task after the next animation frame, once the frame with that text is done.
 * And, from the start of every page: composerAt, when the composer's text box is in the page and enabled.
 */
export interface PageMarks {
  origin: number;
  enter: number;
  received: number;
  dom: number;
  frame?: number;
}

export const GLYPH_PAGE_SCRIPT = `(() => {
  const g = (window.__glyph = { armed: false, marks: {}, composerAt: undefined });
  // The answer on screen before Enter (the last turn's) is not this turn's: its row is remembered and skipped.
  const lastAnswer = () => {
    const all = document.querySelectorAll('[data-testid="assistant-message"]');
    return all[all.length - 1];
  };
  let before;
  g.arm = () => { g.marks = { origin: performance.timeOrigin }; before = lastAnswer(); g.armed = true; };
  document.addEventListener('keydown', (e) => {
    if (g.armed && e.key === 'Enter' && g.marks.enter === undefined) g.marks.enter = performance.now();
  }, true);
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (g.armed && g.marks.received === undefined && typeof e.data === 'string' && e.data.includes('"text_delta"'))
          g.marks.received = performance.now();
      });
    }
  };
  const seen = () => {
    const last = lastAnswer();
    return !!last && last !== before && (last.textContent || '').includes('Hello');
  };
  const observer = new MutationObserver(() => {
    if (g.composerAt === undefined) {
      const box = document.querySelector('textarea[aria-label="Message"]');
      if (box && !box.disabled) g.composerAt = performance.now();
    }
    if (!g.armed || g.marks.enter === undefined || g.marks.dom !== undefined || !seen()) return;
    g.marks.dom = performance.now();
    requestAnimationFrame(() => setTimeout(() => { g.marks.frame = performance.now(); g.armed = false; }, 0));
  });
  const start = () => observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
})();`;
