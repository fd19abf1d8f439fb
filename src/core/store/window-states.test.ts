import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { WindowStates } from './window-states';

const temp = useTempDirs('desk-window-states');
const panes = (threadId: string) => ({
  panes: [
    { id: 'p0', threadId: 'a' },
    { id: 'p1', threadId },
  ],
  focused: 'p1',
  arrangement: 'columns' as const,
  sizes: [0.5, 0.5],
  rowSplit: 0.5,
});

async function open(dir: string) {
  return WindowStates.open({ mainFile: path.join(dir, 'window-state.json'), dir: path.join(dir, 'windows') });
}

describe('WindowStates: each desktop window its own place', () => {
  it('keeps each window’s thread and panes in a file of its own, and opens the same windows at the next start', async () => {
    const dir = await temp.make();
    const states = await open(dir);
    expect(states.windowsToOpen()).toEqual(['main']); // a first start: one window
    await states.opened('main');
    await states.opened('w-2');
    await states.save('main', { activeThreadId: 'a', panes: panes('b') });
    await states.save('w-2', { activeThreadId: 'c' });
    await states.flush();
    // The first window keeps the file a single window always had.
    expect(JSON.parse(await fs.readFile(path.join(dir, 'window-state.json'), 'utf8'))).toMatchObject({
      activeThreadId: 'a',
    });

    const again = await open(dir);
    expect(again.windowsToOpen()).toEqual(['main', 'w-2']);
    expect(await again.get('main')).toEqual({ activeThreadId: 'a', panes: panes('b') });
    expect(await again.get('w-2')).toEqual({ activeThreadId: 'c' });
    expect(await again.get('w-3')).toEqual({}); // a new window starts empty
  });

  it('a window closed while others stay is forgotten, file and all; the first window’s place stays', async () => {
    const dir = await temp.make();
    const states = await open(dir);
    for (const key of ['main', 'w-2', 'w-3']) await states.opened(key);
    await states.save('w-2', { activeThreadId: 'b' });
    await states.save('main', { activeThreadId: 'a' });
    await states.flush();
    await states.closed('w-2');
    await states.closed('main');
    await expect(fs.stat(path.join(dir, 'windows', 'w-2.json'))).rejects.toThrow();
    await expect(fs.stat(path.join(dir, 'window-state.json'))).resolves.toBeTruthy();
    // The closed page's last save, arriving after, leaves no file behind.
    await states.save('w-2', { activeThreadId: 'late' });
    await states.flush();
    await expect(fs.stat(path.join(dir, 'windows', 'w-2.json'))).rejects.toThrow();
    const again = await open(dir);
    expect(again.windowsToOpen()).toEqual(['w-3']);
    expect(await again.get('w-2')).toEqual({});
  });

  it('a deleted thread is forgotten in every window; a key that is no file name is refused', async () => {
    const dir = await temp.make();
    const states = await open(dir);
    await states.save('main', { activeThreadId: 'gone', drafts: { gone: 'x' } });
    await states.save('w-2', { activeThreadId: 'gone' });
    await states.forgetThread('gone');
    expect(await states.get('main')).toEqual({ activeThreadId: null, drafts: {}, scroll: {} });
    expect((await states.get('w-2')).activeThreadId).toBeNull();
    await expect(states.get('../escape')).rejects.toThrow();
    await expect(states.opened('A/B')).rejects.toThrow();
    await states.flush();
  });

  it('a list of windows that is not one is ignored: the first window opens', async () => {
    const dir = await temp.make();
    await fs.mkdir(path.join(dir, 'windows'));
    await fs.writeFile(path.join(dir, 'windows', 'open.json'), JSON.stringify({ open: ['../x', 3, 'w-4'] }));
    expect((await open(dir)).windowsToOpen()).toEqual(['w-4']);
    await fs.writeFile(path.join(dir, 'windows', 'open.json'), '{ nope');
    expect((await open(dir)).windowsToOpen()).toEqual(['main']);
  });
});
