import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the page loads at start is what main.tsx imports, statically, all the way down. zod (~60 KB minified)
 * must not be among it: only the host validates, and the renderer's constants live in schema-free modules
 * (shared/call-names and the shared/contract/<feature>-names lists it composes, shared/permission-mode,
 * shared/window-state-limits). A value import of contract.ts, settings.ts or any other schema module from the
 * renderer would bring it back; this finds that path.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const here = path.join(root, 'src', 'renderer', 'src');

/** The specifiers a module imports at load time: `import type` and `import()` do not count. */
function staticImports(source: string): string[] {
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const m of source.matchAll(re)) {
    const statement = m[0];
    // `import { type A, type B } from` brings nothing at run time.
    const names = /\{([^}]*)\}/.exec(statement)?.[1];
    if (names && names.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue;
    out.push(m[1] as string);
  }
  return out;
}

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    if (fs.existsSync(base + ext) && fs.statSync(base + ext).isFile()) return base + ext;
  }
  return undefined;
}

/** The chain of modules from main.tsx to the first one that imports `pkg`, or undefined. */
function pathTo(pkg: string): string[] | undefined {
  const start = path.join(here, 'main.tsx');
  const via = new Map<string, string | null>([[start, null]]);
  const todo = [start];
  while (todo.length) {
    const file = todo.shift() as string;
    if (!/\.tsx?$/.test(file)) continue;
    for (const spec of staticImports(fs.readFileSync(file, 'utf8'))) {
      if (spec === pkg || spec.startsWith(`${pkg}/`)) {
        const chain = [file];
        for (let f = via.get(file); f; f = via.get(f)) chain.unshift(f);
        return chain.map((f) => path.relative(root, f));
      }
      const next = resolve(file, spec);
      if (next && !via.has(next)) {
        via.set(next, file);
        todo.push(next);
      }
    }
  }
  return undefined;
}

describe("the renderer's first chunk", () => {
  it('does not import zod', () => {
    expect(pathTo('zod')).toBeUndefined();
  });

  // The first screen is the shell, the sidebar and a usable composer: the markdown pipeline (~130 KB) arrives
  // right after it (ui/markdown-loader.ts), the views behind a click on demand (lazy-views.tsx).
  it.each(['unified', 'remark-parse', 'remark-gfm', 'react-markdown'])('does not import %s', (pkg) => {
    expect(pathTo(pkg)).toBeUndefined();
  });

  // The composer's fuzzy matcher and the terminal colours' parser arrive after the first paint (ui/lazy-part.tsx).
  // The Usage view's chart library loads when that view first draws a chart (features/usage/usage-chart.tsx).
  it.each(['fuzzysort', 'anser', 'uplot'])('does not import %s', (pkg) => {
    expect(pathTo(pkg)).toBeUndefined();
  });

  it('does not import the Settings, History, Board or Changes views', () => {
    const reached = new Set<string>();
    const todo = [path.join(here, 'main.tsx')];
    while (todo.length) {
      const file = todo.shift() as string;
      if (reached.has(file) || !/\.tsx?$/.test(file)) continue;
      reached.add(file);
      for (const spec of staticImports(fs.readFileSync(file, 'utf8'))) {
        const next = resolve(file, spec);
        if (next) todo.push(next);
      }
    }
    const names = [...reached].map((f) => path.relative(here, f));
    expect(names).not.toContain(path.join('features', 'settings', 'settings-view.tsx'));
    expect(names).not.toContain(path.join('features', 'history', 'session-view.tsx'));
    expect(names).not.toContain(path.join('features', 'usage', 'usage-view.tsx'));
    // The Board tab and a worktree thread's Changes panel load when first opened.
    expect(names).not.toContain(path.join('features', 'board', 'board-panel.tsx'));
    expect(names).not.toContain(path.join('features', 'changes', 'changes-panel.tsx'));
    // The sidebar's History tab and a turn's approval prompts load after the first paint.
    expect(names).not.toContain(path.join('features', 'history', 'history-list.tsx'));
    expect(names).not.toContain(path.join('features', 'approvals', 'approval-card-body.tsx'));
  });

  // What a first screen does not show loads on demand (ui/lazy-part.tsx): a second pane's machinery, the pairing
  // dialog and the device key, a tool card's body, the dialogs a click opens, the cards of a turn that could not run.
  it('does not import the parts a first screen does not show', () => {
    const reached = new Set<string>();
    const todo = [path.join(here, 'main.tsx')];
    while (todo.length) {
      const file = todo.shift() as string;
      if (reached.has(file) || !/\.tsx?$/.test(file)) continue;
      reached.add(file);
      for (const spec of staticImports(fs.readFileSync(file, 'utf8'))) {
        const next = resolve(file, spec);
        if (next) todo.push(next);
      }
    }
    const names = [...reached].map((f) => path.relative(here, f).split(path.sep).join('/'));
    const lazy = [
      'features/panes/split-view.tsx',
      'features/phone/pairing-dialog.tsx',
      'features/phone/pair-page/device-key.ts',
      'features/chat/thread-settings-dialog.tsx',
      'features/chat/rewind/rewind-dialog.tsx',
      'features/chat/rewind/branch-marker.tsx',
      'features/tools/tool-body.tsx',
      'features/tools/diff-view.tsx',
      'features/tools/stored-result.tsx',
      'features/approvals/proposed-diff.tsx',
      'features/chat/auth-card.tsx',
      'features/limits/limit-refused.tsx',
      'features/chat/context-too-long.tsx',
      'features/composer/mcp-servers.tsx',
      'features/composer/queued-messages.tsx',
    ];
    expect(lazy.filter((f) => names.includes(f))).toEqual([]);
  });

  it('the check finds a real import path (react is imported at start)', () => {
    expect(pathTo('react')?.[0]).toMatch(/main\.tsx$/);
  });
});
