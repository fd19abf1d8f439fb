import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { useStickToBottom } from './use-stick-to-bottom';

type Api = ReturnType<typeof useStickToBottom>;

/** A list that follows its end, with content 1,411 px tall in a 390 px view (the e2e run's figures). */
function renderList(): { el: HTMLElement; api: () => Api } {
  let api!: Api;
  function List() {
    const ref = useRef<HTMLDivElement>(null);
    api = useStickToBottom(ref, 'content', 'thread');
    return (
      <div ref={ref} className="message-scroller" data-testid="list">
        {api.showJump && <button type="button">Jump to latest</button>}
      </div>
    );
  }
  render(<List />);
  const el = screen.getByTestId('list');
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: 1411 });
  act(() => {
    el.scrollTop = 1021; // at the end
    fireEvent.scroll(el);
  });
  return { el, api: () => api };
}

/** A scroll up by 49 px, nothing resized and no hand on the list. */
const scrollUpUntouched = (el: HTMLElement) =>
  act(() => {
    el.scrollTop = 972;
    fireEvent.scroll(el);
  });

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport(390)));
afterEach(() => restoreLayout());

describe('following the end of the list', () => {
  it("the virtualizer's own scroll (a correction it retried after the window got lower) does not stop following", () => {
    const { el, api } = renderList();
    act(() => api().noteOwnScroll(972));
    scrollUpUntouched(el);
    expect(screen.queryByText('Jump to latest')).not.toBeInTheDocument();
    expect(el.scrollTop).toBe(1411); // back to the end
  });

  it('the same scroll, not written by the list, is the reader’s (find in page, a screen reader): it stops following', () => {
    const { el } = renderList();
    scrollUpUntouched(el);
    expect(screen.getByText('Jump to latest')).toBeInTheDocument();
  });
});
