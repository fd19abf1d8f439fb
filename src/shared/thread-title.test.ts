import { describe, expect, it } from 'vitest';
import { withAttachedTexts } from './attached-text';
import { autoTitle, isWeakTitle, plainText, titleFromAnswer } from './thread-title';

describe('auto titles', () => {
  it('takes what the request is about, without pleasantries, markdown or a trailing question mark', () => {
    expect(autoTitle('Hi Claude! Can you please refactor the **parser** so that it streams?')).toBe(
      'Refactor the parser so that it streams',
    );
    expect(autoTitle("I'd like you to add `--json` output to the status command.\nMore details follow.")).toBe(
      'Add --json output to the status command',
    );
    expect(autoTitle('## Bug\nThe login page crashes on Safari')).toBe('Bug');
  });

  it('cuts a long request at a word, well past 25 characters', () => {
    const t = autoTitle(
      'Write a migration that moves every user preference from the old settings table into the new JSON column',
    )!;
    expect(t.length).toBeLessThanOrEqual(52);
    expect(t).toMatch(/^Write a migration that moves every user .*…$/);
    expect(t).not.toMatch(/\s…$/);
  });

  it('code and links are not a title; a request that is only code has none', () => {
    expect(autoTitle('```\nTypeError: x is undefined\n  at foo (a.js:1)\n```')).toBeUndefined();
    expect(autoTitle('See https://example.com/issue/42 and fix it')).toBe('See and fix it');
  });

  it('an attached file or a long paste is not the title: only what was typed; a paste alone has none', () => {
    const log = Array.from({ length: 30 }, (_, i) => `at frame ${i}`).join('\n');
    expect(autoTitle(withAttachedTexts('', [{ name: 'Pasted text', text: log }]))).toBeUndefined();
    expect(autoTitle(withAttachedTexts('Why does the build fail?', [{ name: 'build.log', text: log }]))).toBe(
      'Why does the build fail',
    );
  });

  it('a greeting keeps the words the user typed: "Hello there" is not "There", "Hi" stays "Hi"', () => {
    expect(autoTitle('Hello there')).toBe('Hello there');
    expect(autoTitle('Hi')).toBe('Hi');
    expect(autoTitle('hey there!')).toBe('Hey there');
    // The answer names it only with a heading of its own, never with its greeting back.
    expect(titleFromAnswer('Hello! How can I help you today?', 'Hi')).toBeUndefined();
    expect(titleFromAnswer('Hi! What can I do for you?', 'Hello there')).toBeUndefined();
    expect(titleFromAnswer('## Getting started with Rust\n\nFirst…', 'Hi')).toBe('Getting started with Rust');
    expect(autoTitle('Hello there, can you fix the build?')).toBe('Fix the build');
  });

  it('a weak request ("bug", a paste alone) is named from the answer: its first heading, else its first sentence', () => {
    expect(isWeakTitle(autoTitle('bug'))).toBe(true);
    expect(isWeakTitle(undefined)).toBe(true);
    expect(isWeakTitle(autoTitle('Fix the flaky upload test'))).toBe(false);
    expect(titleFromAnswer('## Plan for the parser\n\nFirst…')).toBe('Plan for the parser');
    expect(titleFromAnswer('Hello! How can I help you today?')).toBe('How can I help you today');
  });

  it('plainText leaves no raw table pipes or heading marks', () => {
    expect(plainText('| a | b |\n| --- | --- |\n| 1 | 2 |').replace(/\s+/g, ' ').trim()).toBe('a b 1 2');
  });
});
