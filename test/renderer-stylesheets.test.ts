import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = path.resolve(__dirname, '../src/renderer/src');

const sheets = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sheets(p) : e.name.endsWith('.css') ? [p] : [];
  });

describe("the renderer's stylesheets", () => {
  it('animate nothing forever: in software compositing that redraws every frame for as long as it shows', () => {
    // The running dots pulse by a timer's step instead (ui/pulse-dot.tsx, with the CPU it measured).
    const files = sheets(RENDERER);
    expect(files.length).toBeGreaterThan(10);
    const forever = files.filter((f) => /animation[^;]*\binfinite\b/.test(fs.readFileSync(f, 'utf8')));
    expect(forever.map((f) => path.relative(RENDERER, f))).toEqual([]);
  });
});
