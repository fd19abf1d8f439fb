import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../shared/threads';
import { DEFAULT_THREAD_TITLE } from '../../shared/thread-title';
import { AutoTitles } from './auto-title';

const answer = (text: string, status: AssistantMessage['status'] = 'done'): AssistantMessage => ({
  id: 'a1',
  role: 'assistant',
  createdAt: 1,
  status,
  parts: [{ kind: 'text', text }],
});

describe('AutoTitles', () => {
  it('a first message that says enough names the thread for good: no answer renames it', () => {
    const titles = new AutoTitles();
    expect(titles.fromMessage('t', 'Refactor the parser to stream lines')).toBe('Refactor the parser to stream lines');
    expect(
      titles.fromAnswer('t', 'Refactor the parser to stream lines', answer('## Streaming parser')),
    ).toBeUndefined();
  });

  it('"hi" is a title until the first finished answer names the thread; only that answer, and only when done', () => {
    const titles = new AutoTitles();
    expect(titles.fromMessage('t', 'hi')).toBe('Hi');
    expect(titles.fromAnswer('t', 'Hi', answer('## Getting started', 'running'))).toBeUndefined(); // not over yet
    expect(titles.fromAnswer('t', 'Hi', answer('## Getting started with Rust'))).toBe('Getting started with Rust');
    expect(titles.fromAnswer('t', 'Hi', answer('## Another heading'))).toBeUndefined(); // its chance is used

    titles.fromMessage('f', 'hey');
    expect(titles.fromAnswer('f', 'Hey', answer('## Never shown', 'failed'))).toBeUndefined();
    expect(titles.fromAnswer('f', 'Hey', answer('## Too late'))).toBeUndefined();
  });

  it('a rename meanwhile wins, whether told (forget) or seen in the current title; images only give no title', () => {
    const titles = new AutoTitles();
    titles.fromMessage('a', 'hi');
    titles.forget('a');
    expect(titles.fromAnswer('a', 'Hi', answer('## Named by the answer'))).toBeUndefined();
    titles.fromMessage('b', 'hi');
    expect(titles.fromAnswer('b', 'Mine', answer('## Named by the answer'))).toBeUndefined();
    expect(titles.fromMessage('c', '')).toBeUndefined();
    expect(titles.fromAnswer('c', DEFAULT_THREAD_TITLE, answer('## Named by the answer'))).toBe('Named by the answer');
  });

  it('after a greeting the answer renames the thread only with a heading, never with its greeting back', () => {
    const titles = new AutoTitles();
    expect(titles.fromMessage('g', 'Hello there')).toBe('Hello there');
    expect(titles.fromAnswer('g', 'Hello there', answer('Hello! How can I help you today?'))).toBeUndefined();
    titles.fromMessage('h', 'Hi');
    expect(titles.fromAnswer('h', 'Hi', answer('Hi! What would you like to work on?'))).toBeUndefined();
  });
});
