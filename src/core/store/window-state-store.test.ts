import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { WindowStateStore } from './window-state-store';

const temp = useTempDirs('desk-window-state');
async function tmpFile(): Promise<string> {
  return path.join(await temp.make(), 'window-state.json');
}

/** A hand-driven timer: writes happen when the test says so. */
function manualSchedule() {
  const pending: (() => void)[] = [];
  return {
    schedule: (fn: () => void) => (pending.push(fn), () => pending.splice(pending.indexOf(fn), 1)),
    run: () => pending.splice(0).forEach((f) => f()),
    pending,
  };
}

describe('WindowStateStore', () => {
  it('coalesces saves into one write and reopens with the last place (0600)', async () => {
    const file = await tmpFile();
    const timer = manualSchedule();
    const store = temp.track(await WindowStateStore.open({ file, schedule: timer.schedule }));
    store.save({ activeThreadId: 'a', drafts: { a: 'hel' } });
    store.save({ drafts: { a: 'hello' }, sidebarCollapsed: true });
    expect(timer.pending).toHaveLength(1);
    await store.flush();
    const again = temp.track(await WindowStateStore.open({ file }));
    expect(again.get()).toEqual({ activeThreadId: 'a', drafts: { a: 'hello' }, sidebarCollapsed: true });
    if (process.platform !== 'win32') expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it('forgets a deleted thread: its draft, its place, and that it was open', async () => {
    const file = await tmpFile();
    const store = temp.track(await WindowStateStore.open({ file, schedule: manualSchedule().schedule }));
    store.save({ activeThreadId: 'a', drafts: { a: 'x', b: 'y' }, scroll: { a: { messageId: 'm', offset: 3 } } });
    store.forgetThread('a');
    expect(store.get()).toEqual({ activeThreadId: null, drafts: { b: 'y' }, scroll: {} });
  });

  it('starts fresh, with a warning, from a file that is not a window state', async () => {
    const file = await tmpFile();
    await fs.writeFile(file, JSON.stringify({ activeThreadId: 42 }));
    const warnings: string[] = [];
    const store = temp.track(await WindowStateStore.open({ file, onWarning: (m) => warnings.push(m) }));
    expect(store.get()).toEqual({});
    expect(warnings.join()).toMatch(/Ignored the saved window state/);
  });
});
