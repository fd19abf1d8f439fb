import { describe, expect, it } from 'vitest';
import { MessageIds } from './message-ids';

describe('message ids', () => {
  it('let an id through once; a repeat is dropped', () => {
    const ids = new MessageIds(60_000);
    expect(ids.accept('waiting:t/r1', 1000, 1000)).toBe(true);
    expect(ids.accept('waiting:t/r1', 1000, 1500)).toBe(false);
    expect(ids.accept('waiting:t/r2', 1500, 1500)).toBe(true);
  });

  it('drop a message older than the age limit', () => {
    const ids = new MessageIds(60_000);
    expect(ids.accept('finished:turn-1', 0, 60_001)).toBe(false);
    expect(ids.accept('finished:turn-2', 1, 60_001)).toBe(true);
  });

  it('stay bounded: the oldest ids are forgotten past the limit, the newest still dropped as repeats', () => {
    const ids = new MessageIds(60_000, 3);
    for (const id of ['a', 'b', 'c', 'd']) expect(ids.accept(id, 10, 10)).toBe(true);
    expect(ids.accept('d', 10, 10)).toBe(false);
    expect(ids.accept('a', 10, 10)).toBe(true); // forgotten, so a very old id could pass again: the age limit stops it
  });
});
