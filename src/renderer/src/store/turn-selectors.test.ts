import { describe, expect, it } from 'vitest';
import { previousIdIn } from './turn-selectors';

describe('previousIdIn', () => {
  it('is the id before, null for the first or one not in the list, and follows a new list', () => {
    const ids = ['a', 'b', 'c'];
    expect(previousIdIn(ids, 'c')).toBe('b');
    expect(previousIdIn(ids, 'b')).toBe('a');
    expect(previousIdIn(ids, 'a')).toBeNull();
    expect(previousIdIn(ids, 'z')).toBeNull();
    // A new list (the store never changes one in place) is looked at afresh.
    expect(previousIdIn(['x', 'c'], 'c')).toBe('x');
    expect(previousIdIn(ids, 'c')).toBe('b');
  });
});
