import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileIndex } from './file-index';

let root: string;
const write = (rel: string, text = 'x') => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-index-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('FileIndex', () => {
  it('offers README.md for "READ" and highlights the matched letters', async () => {
    write('README.md');
    write('src/reader.ts');
    write('docs/guide.md');
    const index = await FileIndex.build(root);
    const hits = index.search('READ');
    expect(hits[0]!.path).toBe('README.md');
    expect(hits[0]!.positions).toEqual([0, 1, 2, 3]);
    expect(hits.map((h) => h.path)).not.toContain('docs/guide.md');
  });

  it('honours the root and nested .gitignore files, skips hidden folders, .git and node_modules', async () => {
    write('.gitignore', 'dist/\n*.log\n');
    write('dist/bundle.js');
    write('app.log');
    write('pkg/.gitignore', 'generated.ts\n');
    write('pkg/generated.ts');
    write('pkg/kept.ts');
    write('.github/workflows/ci.yml');
    write('.env.example');
    write('.git/HEAD');
    write('node_modules/x/index.js');
    const index = await FileIndex.build(root);
    expect([...index.files].sort()).toEqual(['.env.example', '.gitignore', 'pkg/.gitignore', 'pkg/kept.ts']);
    const withHidden = await FileIndex.build(root, { includeHidden: true });
    expect(withHidden.files).toContain('.github/workflows/ci.yml');
    expect(withHidden.files).not.toContain('.git/HEAD');
  });

  it('lists the shallowest files first for an empty query, and stops at the cap', async () => {
    write('deep/er/file.ts');
    write('top.ts');
    const index = await FileIndex.build(root);
    expect(index.search('')[0]!.path).toBe('top.ts');
    const capped = await FileIndex.build(root, { maxFiles: 1 });
    expect(capped.files).toHaveLength(1);
    expect(capped.truncated).toBe(true);
  });
});
