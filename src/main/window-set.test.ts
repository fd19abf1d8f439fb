import { describe, expect, it, vi } from 'vitest';
import { electronMock } from '../../test/fixtures/electron-mock';
import type { WindowState } from '../shared/window-state';

vi.mock('electron', () => electronMock());
const electron = (await import('electron')) as unknown as ReturnType<typeof electronMock>;
const { WindowSet } = await import('./window-set');

type FakeWindow = InstanceType<ReturnType<typeof electronMock>['BrowserWindow']>;
const paths = { preload: '/app/out/preload/index.cjs', rendererFile: '/app/out/renderer/index.html' };

/** The host's record of windows, as WindowStates keeps it (in memory). */
function fakeStates(open: string[] = []) {
  const saved = new Map<string, WindowState>();
  const states = {
    open: [...open],
    saved,
    windowsToOpen: () => (states.open.length > 0 ? [...states.open] : ['main']),
    opened: vi.fn(async (key: string) => void (states.open.includes(key) || states.open.push(key))),
    closed: vi.fn(async (key: string) => {
      states.open = states.open.filter((k) => k !== key);
      saved.delete(key);
    }),
    save: vi.fn(async (key: string, patch: WindowState) => void saved.set(key, { ...saved.get(key), ...patch })),
  };
  return states;
}

function setUp(open: string[] = []) {
  electron.BrowserWindow.instances.length = 0;
  const states = fakeStates(open);
  let n = 1;
  const set = new WindowSet(paths, states, () => `w-${++n}`);
  const windows = () => electron.BrowserWindow.instances as FakeWindow[];
  return { states, set, windows };
}

describe('the app’s windows', () => {
  it('a first start opens one window, told it is the first', () => {
    const { set, windows } = setUp();
    set.restore();
    expect(windows()).toHaveLength(1);
    expect(windows()[0]!.loadOptions).toEqual({ query: { window: 'main' } });
  });

  it('opens the windows that were open at the last quit, each told its own key', () => {
    const { set, windows } = setUp(['main', 'w-7', 'w-9']);
    set.restore();
    expect(windows().map((w) => w.loadOptions)).toEqual([
      { query: { window: 'main' } },
      { query: { window: 'w-7' } },
      { query: { window: 'w-9' } },
    ]);
    expect(set.owns(windows()[2]!.webContents.id)).toBe(true);
    expect(set.owns(12_345)).toBe(false);
  });

  it('Open in new window: a window of its own on the thread, its place written before its page asks', async () => {
    const { set, states, windows } = setUp();
    set.restore();
    await set.open('t-42');
    expect(windows()).toHaveLength(2);
    expect(states.saved.get('w-2')).toEqual({ activeThreadId: 't-42' });
    expect(windows()[1]!.loadOptions).toEqual({ query: { window: 'w-2' } });
    expect(states.open).toEqual(['main', 'w-2']);
  });

  it('a window closed while others stay is forgotten; the last one, and every window at quit, is kept', async () => {
    const { set, states, windows } = setUp();
    set.restore();
    await set.open('a');
    await set.open('b');
    windows()[1]!.close(); // the user closes the window of 'a'
    expect(states.closed).toHaveBeenCalledWith('w-2');
    expect(states.open).toEqual(['main', 'w-3']);
    expect(set.all()).toHaveLength(2);
    expect(set.owns(windows()[1]!.webContents.id)).toBe(false); // a closed window's calls are refused

    set.quit();
    windows()[0]!.close();
    windows()[2]!.close();
    expect(states.closed).toHaveBeenCalledTimes(1);
    expect(states.open).toEqual(['main', 'w-3']);
    expect(set.all()).toHaveLength(0);

    // The next start: the same two windows.
    const next = setUp(states.open);
    next.set.restore();
    expect(next.windows().map((w) => w.loadOptions)).toEqual([
      { query: { window: 'main' } },
      { query: { window: 'w-3' } },
    ]);
  });

  it('closing the only window keeps it for the next start (the app quits, or a Mac reopens it)', () => {
    const { set, states, windows } = setUp();
    set.restore();
    windows()[0]!.close();
    expect(states.closed).not.toHaveBeenCalled();
    set.restore();
    expect(windows()).toHaveLength(2);
    expect(windows()[1]!.loadOptions).toEqual({ query: { window: 'main' } });
  });
});
