import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight, highlightRanges } from './highlight';

const marks = (text: string, query: string) =>
  [...render(<Highlight text={text} query={query} />).container.querySelectorAll('mark')].map((m) => m.textContent);

describe('search highlight', () => {
  it('marks the typed words where words start, never inside other words', () => {
    expect(marks('Plan the parser, then reparse the planner', 'pars plan')).toEqual(['Plan', 'pars', 'plan']);
  });

  it('never marks a stop word alone: "an" and "or" stay plain inside plan, for, and an', () => {
    expect(marks('A plan for an error or two', 'an or')).toEqual([]);
    expect(marks('A plan for an error or two', 'error or')).toEqual(['error or']);
  });

  it('marks the whole phrase typed, stop words included, as one run', () => {
    expect(marks('Notes on the state of the parser', 'state of the parser')).toEqual(['state of the parser']);
    expect(highlightRanges('x the state', 'the state')).toEqual([[2, 11]]);
  });

  it('is case-blind and keeps the text as written', () => {
    expect(marks('E2E-NONCE-31 is here', 'e2e-nonce-31')).toEqual(['E2E-NONCE-31']);
  });
});
