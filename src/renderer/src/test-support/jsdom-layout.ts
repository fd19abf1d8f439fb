/**
 * jsdom has no layout: every element is 0×0 and scrollTop is stored but never clamped. Give the
 * message scroller a viewport so the virtualizer renders a realistic window of rows.
 */
export function giveScrollerAViewport(height = 800, width = 900): () => void {
  const proto = HTMLElement.prototype;
  const before = {
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
  };
  const isScroller = (el: HTMLElement) => el.classList?.contains('message-scroller');
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isScroller(this) ? height : 0;
    },
  });
  Object.defineProperty(proto, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return isScroller(this) ? width : 0;
    },
  });
  // jsdom defines both on Element.prototype: put back what HTMLElement.prototype had of its own, which is usually
  // nothing (a stub left there would give every later test file in the same worker a viewport).
  return () => {
    for (const key of ['clientHeight', 'clientWidth'] as const) {
      const own = before[key];
      if (own) Object.defineProperty(proto, key, own);
      else Reflect.deleteProperty(proto, key);
    }
  };
}
