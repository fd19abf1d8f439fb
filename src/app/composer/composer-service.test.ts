import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FileIndex } from '../../core/composer/file-index';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { ComposerService } from './composer-service';
import type { Spawner } from '../../core/claude-code-wire/spawned-process';

const temp = useTempDirs('composer-service');

async function service(files: string[]) {
  const dir = await temp.make();
  for (const f of files) await fs.writeFile(path.join(dir, f), 'x');
  let now = 1_000_000;
  const composer = new ComposerService({
    layout: { workspaceDir: dir },
    settingsOf: () => ({}),
    cli: () => Promise.resolve('no CLI in this test'),
    env: {},
    spawner: (() => {
      throw new Error('no spawn in this test');
    }) as unknown as Spawner,
    now: () => now,
  });
  /** Ask until the answer comes from a whole, current listing, as the picker does. */
  const settled = async (query: string) => {
    for (;;) {
      const r = await composer.searchFiles('t1', query, 50);
      if (!r.indexing && !r.refreshing) return r;
      await new Promise((res) => setTimeout(res, 10));
    }
  };
  return { dir, composer, settled, later: (ms: number) => (now += ms) };
}

describe('ComposerService: the @-picker index', () => {
  it('a file the agent made in a turn is offered on the next @, without waiting out the cache', async () => {
    const { dir, composer, settled } = await service(['README.md']);
    expect((await settled('made')).matches).toEqual([]);
    await fs.writeFile(path.join(dir, 'made-by-agent.ts'), 'x');
    // Within the cache's freshness the old listing answers: no new crawl per keystroke.
    expect((await composer.searchFiles('t1', 'made', 50)).matches).toEqual([]);
    await composer.filesMayHaveChanged('t1');
    const first = await composer.searchFiles('t1', 'made', 50);
    expect(first.refreshing).toBe(true); // the old listing answers at once, and says to ask again
    expect((await settled('made')).matches.map((m) => m.path)).toEqual(['made-by-agent.ts']);
  });

  it('a stale index is listed again once, however many keystrokes ask meanwhile', async () => {
    const { composer, settled, later } = await service(['a.ts', 'b.ts']);
    await settled('a');
    const build = vi.spyOn(FileIndex, 'build');
    later(60_000);
    const answers = await Promise.all(['a', 'a.', 'a.t', 'a.ts'].map((q) => composer.searchFiles('t1', q, 50)));
    expect(answers.every((r) => r.matches.some((m) => m.path === 'a.ts'))).toBe(true);
    await settled('a');
    expect(build).toHaveBeenCalledTimes(1);
    build.mockRestore();
  });
});
