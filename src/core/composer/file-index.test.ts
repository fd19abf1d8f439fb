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

  it('answers while the crawl runs, and later searches include the files found since', async () => {
    for (let i = 0; i < 200; i++) write(`dir${i % 20}/file-${i}.ts`);
    write('README.md');
    const index = FileIndex.start(root);
    expect(index.complete).toBe(false);
    const early = index.search('file-1'); // whatever has been found by now, without waiting
    expect(early.length).toBeLessThanOrEqual(50);
    await index.ready;
    expect(index.complete).toBe(true);
    expect(index.files).toHaveLength(201);
    expect(index.search('file-199')[0]!.path).toBe('dir19/file-199.ts');
    expect(index.search('README')[0]!.path).toBe('README.md');
  });

  it('gives the same answer after a backspace as when the shorter query was typed first', async () => {
    write('src/reader.ts');
    write('src/render.ts');
    write('docs/read-me.md');
    const typed = await FileIndex.build(root);
    for (const q of ['r', 're', 'rea', 'read', 'reade']) typed.search(q);
    const fresh = await FileIndex.build(root);
    expect(typed.search('rea')).toEqual(fresh.search('rea'));
    expect(typed.search('rea').map((m) => m.path)).toEqual(['src/reader.ts', 'docs/read-me.md']);
  });
});
