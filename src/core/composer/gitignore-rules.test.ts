import { describe, expect, it } from 'vitest';
import { GitignoreRules } from './gitignore-rules';

const file = (r: GitignoreRules, rel: string) => r.ignoresFile(rel, rel.lastIndexOf('/') + 1);

describe('GitignoreRules', () => {
  it('folder-only patterns match folders, never a file of that name', () => {
    const r = new GitignoreRules('', '# build output\ndist/\n');
    expect(r.ignoresDir('dist')).toBe(true);
    expect(r.ignoresDir('pkg/dist')).toBe(true);
    expect(file(r, 'dist')).toBe(false);
  });

  it('name patterns match at any depth, negations re-include, anchored patterns only where they point', () => {
    const r = new GitignoreRules('', '*.log\n!keep.log\n/gen.ts\nsrc/out.ts\n');
    expect(file(r, 'a/b/app.log')).toBe(true);
    expect(file(r, 'a/keep.log')).toBe(false);
    expect(file(r, 'gen.ts')).toBe(true);
    expect(file(r, 'lib/gen.ts')).toBe(false);
    expect(file(r, 'src/out.ts')).toBe(true);
    expect(file(r, 'lib/src/out.ts')).toBe(false);
  });

  it('a nested .gitignore governs only its own folder, relative to it', () => {
    const r = new GitignoreRules('pkg/', 'generated.ts\n/local.ts\n');
    expect(file(r, 'pkg/generated.ts')).toBe(true);
    expect(file(r, 'pkg/deep/generated.ts')).toBe(true);
    expect(file(r, 'generated.ts')).toBe(false);
    expect(file(r, 'pkg/local.ts')).toBe(true);
    expect(file(r, 'pkg/deep/local.ts')).toBe(false);
  });
});
