import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../test-support/render-with-store';
import { Markdown } from './markdown';

const fence = (lang: string, code: string) => `Here:\n\n\`\`\`${lang}\n${code}\n\`\`\`\n`;

describe('markdown code', () => {
  it('a fence that names its language is highlighted once the shared highlighter has loaded', async () => {
    const { container } = renderWithStore(<Markdown text={fence('ts', 'export const answer = 42;')} />);
    const code = () => container.querySelector('pre code');
    // The text is there at once (plain), and stays the same text when the colours arrive.
    expect(code()).toHaveTextContent('export const answer = 42;');
    await waitFor(() => expect(container.querySelector('.hljs-keyword')).toHaveTextContent('export'));
    expect(code()).toHaveClass('hljs', 'language-ts');
    expect(code()).toHaveTextContent('export const answer = 42;');
    expect(screen.getByText('ts', { selector: '.code-block-lang' })).toBeInTheDocument();
  });

  it('every message shares one highlighter: two blocks of different languages both get colours', async () => {
    const { container } = renderWithStore(
      <>
        <Markdown text={fence('python', 'def f():\n    return 1')} />
        <Markdown text={fence('json', '{"a": true}')} />
      </>,
    );
    await waitFor(() => expect(container.querySelectorAll('pre code.hljs')).toHaveLength(2));
    expect(container.querySelector('.language-python .hljs-keyword')).toHaveTextContent('def');
    expect(container.querySelector('.language-json .hljs-literal')).toHaveTextContent('true');
  });

  it('an unknown language and a fence without one stay plain text', async () => {
    const { container } = renderWithStore(
      <>
        <Markdown text={fence('no-such-lang', 'x <b>y</b>')} />
        <Markdown text={fence('', 'plain')} />
        <Markdown text={fence('ts', 'let loaded = 1')} />
      </>,
    );
    await waitFor(() => expect(container.querySelector('.hljs-keyword')).toBeInTheDocument());
    const blocks = [...container.querySelectorAll('pre code')];
    expect(blocks[0]).not.toHaveClass('hljs');
    expect(blocks[0]).toHaveTextContent('x <b>y</b>');
    expect(blocks[0]!.querySelector('b')).toBeNull();
    expect(blocks[1]).not.toHaveClass('hljs');
    expect(blocks[1]).toHaveTextContent('plain');
  });
});

/** What react-markdown guaranteed and the shared processor (markdown-processor.ts) must keep. */
describe('markdown safety and GFM', () => {
  it('raw HTML in an answer is shown as text, never as markup', () => {
    const { container } = renderWithStore(
      <Markdown text={'Before <img src=x onerror="alert(1)"> and <script>alert(2)</script> after'} />,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="alert(1)">');
  });

  it('a javascript: link loses its target; an https link keeps it and opens outside', () => {
    renderWithStore(<Markdown text={'[bad](javascript:alert(1)) and [good](https://example.com/x)'} />);
    expect(screen.getByText('bad').closest('a')?.getAttribute('href') ?? '').toBe('');
    expect(screen.getByText('good').closest('a')).toHaveAttribute('href', 'https://example.com/x');
    expect(screen.getByText('good').closest('a')).toHaveAttribute('rel', 'noreferrer noopener');
  });

  it('tables, task lists and strikethrough (GFM) render as such', () => {
    const { container } = renderWithStore(
      <Markdown text={'| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] open\n\n~~gone~~'} />,
    );
    expect(container.querySelectorAll('table td')).toHaveLength(2);
    // A wide table scrolls sideways, so it takes keyboard focus (axe `scrollable-region-focusable`).
    expect(container.querySelector('table')).toHaveAttribute('tabindex', '0');
    expect(container.querySelectorAll('input[type="checkbox"]')).toHaveLength(2);
    // Each box has a name (axe `label`): its state, read before the item's text.
    expect(screen.getByRole('checkbox', { name: 'Done' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Not done' })).not.toBeChecked();
    expect(container.querySelector('del')).toHaveTextContent('gone');
  });
});
