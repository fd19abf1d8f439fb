import { describe, expect, it } from 'vitest';
import { emptyFold, foldLine, titleOf } from './session-fold';
import type { SessionLine } from './session-line';

const PREAMBLE =
  'This session is being continued from a previous conversation that ran out of context. The conversation is ' +
  'summarized below:\nAnalysis: the user asked for a parser…';
const prompt = (text: string, at: number): SessionLine => ({ kind: 'prompt', uuid: `u${at}`, at, text });

function fold(lines: SessionLine[]) {
  const s = emptyFold();
  for (const line of lines) foldLine(s, line);
  return titleOf(s);
}

describe('a session title', () => {
  it('of a session that starts with the compaction preamble is the first message the person typed', () => {
    expect(fold([prompt(PREAMBLE, 1), prompt('Now add the tokenizer tests', 2)])).toEqual({
      title: 'Now add the tokenizer tests',
      source: 'prompt',
    });
  });

  it('comes from the CLI’s own title or summary line when it has one', () => {
    const summary: SessionLine = { kind: 'title', source: 'summary', title: 'Parser refactor' };
    expect(fold([prompt(PREAMBLE, 1), summary, prompt('go on', 2)]).title).toBe('Parser refactor');
  });

  it('is untitled rather than the preamble when nothing else was typed, also in a fold indexed before', () => {
    expect(fold([prompt(PREAMBLE, 1)]).source).toBe('none');
    expect(titleOf({ ...emptyFold(), firstPrompt: PREAMBLE }).source).toBe('none');
  });
});
