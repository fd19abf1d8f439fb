import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../../shared/threads';
import type { TurnEvent } from '../../../../shared/turn-events';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';
import { provideMarkdownForTests } from '../../ui/markdown-loader';

// Count the markdown parses of each text, without changing what is rendered.
const parses = vi.hoisted(() => new Map<string, number>());
vi.mock('../../ui/markdown-processor', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../ui/markdown-processor')>();
  return {
    ...real,
    renderMarkdown: (text: string, ...rest: [never, never]) => {
      parses.set(text, (parses.get(text) ?? 0) + 1);
      return real.renderMarkdown(text, ...rest);
    },
  };
});

let restoreLayout: () => void;
beforeEach(async () => {
  // The pipeline is loaded on demand (markdown-loader.ts): the page renders through this wrapped copy.
  provideMarkdownForTests(await import('../../ui/markdown-processor'));
  parses.clear();
  restoreLayout = giveScrollerAViewport();
});
afterEach(() => restoreLayout());

const earlier: ChatMessage[] = Array.from({ length: 40 }, (_, i): ChatMessage =>
  i % 2 === 0
    ? { id: `u${i}`, role: 'user', createdAt: i, text: `Question ${i}` }
    : { id: `a${i}`, role: 'assistant', createdAt: i, status: 'done', parts: [{ kind: 'text', text: `Answer ${i}` }] },
);

describe('chat: a streaming answer is parsed once per change', () => {
  it('its finished paragraphs are parsed once, while the list follows it and while the reader scrolls', async () => {
    const host = createFakeHost({ threads: [makeThread('t', 'Long thread', earlier)] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Long thread'));
    await screen.findByText('Answer 39');
    const scroller = screen.getByTestId('message-scroller');
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 8_000 });
    type Body = TurnEvent extends infer E ? (E extends unknown ? Omit<E, 'threadId' | 'turnId'> : never) : never;
    const emit = (e: Body) => act(() => host.emit('turnEvent', { threadId: 't', turnId: 'turn-1', ...e } as TurnEvent));
    const scrollTo = (top: number) =>
      act(() => {
        scroller.scrollTop = top;
        fireEvent.scroll(scroller);
      });
    emit({ type: 'started', startedAt: Date.now() });
    emit({ type: 'text_delta', messageId: 'm1', text: 'First paragraph.\n\nSecond' });
    await screen.findByText('First paragraph.');
    for (let i = 0; i < 6; i++) {
      emit({ type: 'text_delta', messageId: 'm1', text: ` word${i}` });
      // The list following the answer's end, then the reader scrolling up and back down.
      scrollTo(8_000 - 800);
      if (i === 2) scrollTo(5_000);
      if (i === 4) scrollTo(8_000 - 800);
      await screen.findByText(new RegExp(`word${i}$`));
    }
    // The list's scrolling state settles after the last scroll.
    await new Promise((r) => setTimeout(r, 300));
    await waitFor(() => expect(screen.getByText(/word5$/)).toBeInTheDocument());
    expect(parses.get('First paragraph.\n\n')).toBe(1);
  });
});
