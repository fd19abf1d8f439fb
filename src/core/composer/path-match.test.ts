import { describe, expect, it } from 'vitest';
import { isSubsequence, matchPositions, scorePath, TopK } from './path-match';

const rank = (q: string, paths: string[]): string[] =>
  paths
    .map((p) => ({ p, s: scorePath(q, p.toLowerCase(), p.lastIndexOf('/') + 1) }))
    .filter((x) => x.s >= 0)
    .sort((a, b) => b.s - a.s)
    .map((x) => x.p);

describe('path-match', () => {
  it('puts the file named by the query first, then the query at the start of a name, then inside folders', () => {
    expect(
      rank('reader', ['src/reader-view/index.ts', 'docs/thereader.md', 'src/reader.ts', 'lib/reader.test.ts']),
    ).toEqual(['src/reader.ts', 'lib/reader.test.ts', 'docs/thereader.md', 'src/reader-view/index.ts']);
  });

  it('ranks any match in one piece above letters spread out, and word starts above the middle of words', () => {
    expect(rank('cfg', ['src/config-file-gen.ts', 'cfg.json', 'src/conf/g.ts'])[0]).toBe('cfg.json');
    expect(rank('cfg', ['a/xcxfxg.ts', 'a/config-file-gen.ts'])[0]).toBe('a/config-file-gen.ts');
    expect(scorePath('zz', 'src/a.ts', 4)).toBe(-1);
  });

  it('highlights the letters it scored, favouring the file name over the folders', () => {
    expect(matchPositions('idx', 'src/index.ts')).toEqual([4, 6, 8]);
    expect(matchPositions('read', 'readme/read.ts')).toEqual([7, 8, 9, 10]);
    expect(isSubsequence('srx', 'src/index.ts')).toBe(true);
    expect(isSubsequence('xr', 'src/index.ts')).toBe(false);
  });

  it('TopK keeps the best few, best first, ties in the given order', () => {
    const top = new TopK(3, (a, b) => a - b);
    [5, 1, 9, 3, 9, 7].forEach((score, i) => top.offer(i, score));
    expect(top.result()).toEqual([2, 4, 5]);
    expect(top.floor).toBe(7);
  });
});
