import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * No module of ours imports itself round a loop, `import type` included: a slice that needs the whole store's type
 * gets it from `store/desk-state.ts`, which imports no slice (each slice adds its interface to `DeskState` by
 * declaration merging), and the contract's index composes feature files that never import it back. A cycle makes
 * the load order matter and every file of the loop change together; this finds one and names it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every static `import … from` / `export … from` / bare `import '…'` of a relative path, types included. */
const IMPORT = /^\s*(?:import|export)\s[^'";]*?\sfrom\s+['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    if (fs.existsSync(base + ext) && fs.statSync(base + ext).isFile()) return base + ext;
  }
  return undefined;
}

/** The import loops under `dir` (Tarjan's strongly connected components of more than one file, or a self-import). */
export function importCycles(dir: string): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const targets: string[] = [];
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(file, (m[1] ?? m[2]) as string);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) {
      cycles.push(component.map((f) => path.relative(dir, f).split(path.sep).join('/')).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('import cycles', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('are found, a type-only one too, and named by their files', () => {
    fs.mkdirSync(path.join(scratch, 'store'));
    fs.writeFileSync(
      path.join(scratch, 'store', 'whole.ts'),
      "import type { Part } from './part';\nexport type W = Part;\n",
    );
    fs.writeFileSync(
      path.join(scratch, 'store', 'part.ts'),
      "import { type W } from './whole';\nexport interface Part { w?: W }\n",
    );
    fs.writeFileSync(path.join(scratch, 'leaf.ts'), "import './store/part';\n");
    expect(importCycles(scratch)).toEqual([['store/part.ts', 'store/whole.ts']]);
  });

  it('there are none in src/ (the renderer store and the contract included)', () => {
    expect(importCycles(path.join(root, 'src'))).toEqual([]);
  });
});
