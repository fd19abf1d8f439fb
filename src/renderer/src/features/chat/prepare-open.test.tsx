import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ChatMessage } from '../../../../shared/threads';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';
import { Markdown } from '../../ui/markdown';
import { ListScrolling } from '../../ui/markdown-budget';
import { prepareOpeningRows } from './prepare-open';

function thread(n: number, tag: string): ChatMessage[] {
  return Array.from({ length: n }, (_, i): ChatMessage =>
    i % 2 === 0
      ? { id: `u${i}`, role: 'user', createdAt: i, text: `Question ${i} **${tag}**` }
      : {
          id: `a${i}`,
          role: 'assistant',
          createdAt: i,
          status: 'done',
          parts: [{ kind: 'text', text: `Answer ${i} **${tag}**` }],
        },
  );
}

/** Rows that come in mid-scroll, past the frame's parse budget: only texts parsed before show formatted at once. */
function formattedAtOnce(texts: string[]): string[] {
  const filler = Array.from({ length: 20 }, (_, i) => `Filler ${i} *not parsed before*`);
  const { container, unmount } = render(
    <ListScrolling.Provider value={true}>
      {[...filler, ...texts].map((t) => (
        <Markdown key={t} text={t} deferred />
      ))}
    </ListScrolling.Provider>,
  );
  const out = [...container.querySelectorAll('strong')].map((s) => s.closest('p')?.textContent ?? '');
  unmount();
  return out;
}

describe('preparing the rows a thread opens on', () => {
  it('parses the rows at the end of the thread, not those above them', async () => {
    const messages = thread(60, 'end');
    await prepareOpeningRows(messages, null);
    const shown = formattedAtOnce(
      messages.map((m) => (m.role === 'user' ? m.text : (m.parts[0] as { text: string }).text)),
    );
    expect(shown).toContain('Answer 59 end');
    expect(shown).toContain('Question 46 end');
    expect(shown).not.toContain('Question 0 end');
    expect(shown).not.toContain('Answer 31 end');
  });

  it('parses the rows around the reading place the thread resumes at', async () => {
    const messages = thread(60, 'anchor');
    await prepareOpeningRows(messages, 'u20');
    const shown = formattedAtOnce(
      messages.map((m) => (m.role === 'user' ? m.text : (m.parts[0] as { text: string }).text)),
    );
    expect(shown).toContain('Question 20 anchor');
    expect(shown).toContain('Answer 27 anchor');
    expect(shown).not.toContain('Answer 59 anchor');
  });

  it('a thread opening shows Loading… until its rows are prepared, then its messages', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const host = createFakeHost({ threads: [makeThread('t', 'Prepared', thread(4, 'app'))] });
    const restoreLayout = giveScrollerAViewport();
    onTestFinished(restoreLayout);
    renderApp({ host, deps: { prepareOpen: () => gate } });
    await userEvent.click(await screen.findByText('Prepared'));
    await screen.findByText('Loading…');
    expect(screen.queryByText(/Answer 3/)).not.toBeInTheDocument();
    release();
    expect(await screen.findByText(/Answer 3/)).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});
