import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { ThreadQueues } from './thread-queues';
import { ToolResultFiles } from './tool-result-file';

const temp = useTempDirs('claude-desk-tool-results');

describe('ToolResultFiles', () => {
  it("keeps each result inside its thread's folder, whatever the tool-use id says; removeAll takes them all", async () => {
    const dir = await temp.make();
    const files = new ToolResultFiles(dir, new ThreadQueues());
    await files.save('t1', '../../escape', ['first piece, ', 'second piece']);
    await files.save('t1', 'toolu_01', 'plain');
    expect((await fs.readdir(path.join(dir, 't1.results'))).sort()).toEqual(['______escape.txt', 'toolu_01.txt']);
    expect((await files.read('t1', '../../escape'))?.text).toBe('first piece, second piece');
    expect(await files.read('t2', 'toolu_01')).toBeNull();
    await files.removeAll('t1');
    expect(await fs.readdir(dir)).toEqual([]);
  });
});
