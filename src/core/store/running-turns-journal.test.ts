import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { RunningTurnsJournal, removeJournal, unfinishedTurns } from './running-turns-journal';

const temp = useTempDirs('claude-desk-journal');

describe('RunningTurnsJournal', () => {
  it('appends starts and ends, lists only the other journals, and reads back what was started and not ended', async () => {
    const dir = path.join(await temp.make(), 'running-turns');
    const journal = new RunningTurnsJournal(dir);
    expect(await journal.others()).toEqual([]); // no folder yet
    journal.started('t1', 'a');
    journal.started('t2', 'b');
    journal.ended('a');
    expect(journal.bytes).toBe((await fs.stat(journal.file)).size);
    expect(await unfinishedTurns(journal.file)).toEqual({ pid: process.pid, turns: [{ threadId: 't2', turnId: 'b' }] });

    await fs.writeFile(path.join(dir, 'old.json'), JSON.stringify({ threadId: 't3', turnId: 'c' }));
    await fs.writeFile(path.join(dir, 'notes.txt'), 'not a journal');
    expect(await journal.others()).toEqual([path.join(dir, 'old.json')]);
    await removeJournal(path.join(dir, 'old.json'));

    await journal.remove();
    expect(await fs.readdir(dir)).toEqual(['notes.txt']);
    journal.started('t1', 'c'); // the next line starts a new journal
    expect(await unfinishedTurns(journal.file)).toMatchObject({ turns: [{ turnId: 'c' }] });
    journal.removeSync();
    journal.removeSync(); // already gone: no error
    expect(await fs.readdir(dir)).toEqual(['notes.txt']);
  });
});
