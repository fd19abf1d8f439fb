import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { ListScrolling } from './markdown-budget';
import { PlainMarkdown } from './markdown-plain';

const TEXT = 'Read **the file** and change `step1`, see [the docs](https://example.com).\n\n```ts\nconst a = 1;\n```\n';

describe('markdown shown plain first', () => {
  it('has the same words without their marks, and code in its box', () => {
    const { container } = render(<PlainMarkdown text={TEXT} />);
    expect(container).toHaveTextContent('Read the file and change step1, see the docs.');
    expect(container.textContent).not.toMatch(/\*\*|`|\]\(/);
    expect(container.querySelector('.code-block pre code')).toHaveTextContent('const a = 1;');
    expect(screen.getByText('ts', { selector: '.code-block-lang' })).toBeInTheDocument();
  });

  it('a deferred text that comes in while the list scrolls is formatted once the scroll stops, its words once', async () => {
    const texts = Array.from({ length: 30 }, (_, i) => `Answer ${i} with **bold ${i}** words.`);
    const list = (scrolling: boolean) => (
      <ListScrolling.Provider value={scrolling}>
        {texts.map((t) => (
          <Markdown key={t} text={t} deferred />
        ))}
      </ListScrolling.Provider>
    );
    // No links: no store needed.
    const { container, rerender } = render(list(true));
    rerender(list(false));
    await waitFor(() => expect(container.querySelectorAll('strong')).toHaveLength(30));
    expect(container.querySelectorAll('.markdown-plain')).toHaveLength(0);
    expect(screen.getAllByText(/Answer 7 with/)).toHaveLength(1);
  });
});
