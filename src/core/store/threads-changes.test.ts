import { describe, expect, it } from 'vitest';
import { ThreadsChanges, type ThreadsChange } from './threads-changes';

describe('ThreadsChanges', () => {
  it('a listener that throws is reported; the others still hear of the change, and unsubscribing stops one', () => {
    const warnings: string[] = [];
    const changes = new ThreadsChanges((w) => warnings.push(w));
    const seen: ThreadsChange[] = [];
    changes.subscribe(() => {
      throw new Error('window gone');
    });
    const off = changes.subscribe((c) => seen.push(c));
    changes.emit('t1', 'created');
    off();
    changes.emit('t1', 'deleted');
    expect(seen).toEqual([{ threadId: 't1', kind: 'created' }]);
    expect(warnings).toEqual([
      'A threads listener failed: Error: window gone',
      'A threads listener failed: Error: window gone',
    ]);
  });
});
