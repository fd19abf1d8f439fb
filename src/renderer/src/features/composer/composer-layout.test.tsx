import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
let measured = 0;
const restore: (() => void)[] = [];

/** The box's width, as a browser reports it a moment after the box is observed. */
class FixedWidthObserver {
  constructor(private readonly cb: ResizeObserverCallback) {}
  observe(target: Element): void {
    if (!(target instanceof HTMLTextAreaElement)) return; // the box only: others keep jsdom's no-layout
    queueMicrotask(() =>
      this.cb([{ target, contentRect: { width: 600 } } as unknown as ResizeObserverEntry], this as never),
    );
  }
  disconnect(): void {}
  unobserve(): void {}
}

beforeEach(() => {
  restore.push(giveScrollerAViewport());
  // Reading scrollHeight after setting the height is what forces a layout in a browser: count the reads.
  const proto = HTMLTextAreaElement.prototype;
  const before = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get: () => {
      measured++;
      return 40;
    },
  });
  const RO = globalThis.ResizeObserver;
  globalThis.ResizeObserver = FixedWidthObserver as unknown as typeof ResizeObserver;
  restore.push(() => {
    Reflect.deleteProperty(proto, 'scrollHeight');
    if (before) Object.defineProperty(Element.prototype, 'scrollHeight', before);
    globalThis.ResizeObserver = RO;
  });
});
afterEach(() => restore.splice(0).forEach((undo) => undo()));

describe('composer: a send forces no layout', () => {
  it('the box emptied by a send takes the height it had empty, without measuring the page again', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    for (const [n, words] of [
      [1, 'first'],
      [2, 'second'],
    ] as const) {
      await userEvent.type(box, words);
      measured = 0;
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(n));
      await waitFor(() => expect(box.value).toBe(''));
      // The first send meets the busy thread's placeholder once; from then on nothing is measured.
      if (n === 2) expect(measured).toBe(0);
      act(() => host.emit('turnEvent', { threadId: T, turnId: `turn-${n}`, type: 'finished', status: 'done' }));
    }
  });
});
