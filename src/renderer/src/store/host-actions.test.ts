import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiForTests } from '../api';
import { createFakeHost, makeThread } from '../test-support/fake-api';
import { connectBridge } from './bridge';
import { createDeskStore } from './desk-store';

const flush = () => new Promise((r) => setTimeout(r, 0));
const bridges: (() => void)[] = [];
afterEach(() => {
  bridges.splice(0).forEach((off) => off());
  vi.restoreAllMocks();
});

function setup(host = createFakeHost({ threads: [makeThread('t', 'Work')] })) {
  setApiForTests(host.api);
  const store = createDeskStore();
  bridges.push(connectBridge(store, host.api));
  return { host, store };
}

// Components reach the host only through these actions: what they ask the host, and what a failure shows.
describe('store actions that reach the host', () => {
  it('a thread’s branches are fetched once however many rows ask, and again after the host says it changed', async () => {
    const { host, store } = setup();
    const s = store.getState();
    await Promise.all([s.listBranches('t'), s.listBranches('t'), s.listBranches('t')]);
    expect(host.callsTo('listBranches')).toHaveLength(1);
    const version = store.getState().branchesVersion;
    host.emit('threadsChanged', { threadId: 'other' });
    await s.listBranches('t');
    expect(host.callsTo('listBranches')).toHaveLength(1); // another thread changed: the cache answers
    host.emit('threadsChanged', { threadId: 't' });
    await s.listBranches('t');
    expect(host.callsTo('listBranches')).toHaveLength(2);
    expect(store.getState().branchesVersion).toBe(version + 2); // rows showing branches ask again
  });

  it('links open outside the app only when http(s) or mailto: through the host on the desktop, a tab in browser mode', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const desktop = setup();
    await flush();
    expect(desktop.store.getState().openExternal('javascript:alert(1)')).toBe(false);
    expect(desktop.store.getState().openExternal('https://example.com/')).toBe(true);
    expect(desktop.host.callsTo('openExternal')).toEqual([{ url: 'https://example.com/' }]);
    expect(open).not.toHaveBeenCalled();

    const web = setup(createFakeHost({ host: 'web' }));
    await flush();
    expect(web.store.getState().openExternal('mailto:a@example.com')).toBe(true);
    expect(open).toHaveBeenCalledWith('mailto:a@example.com', '_blank', 'noopener');
    expect(web.host.callsTo('openExternal')).toHaveLength(0);
  });

  it('/clear asks for a fresh session of the open thread, and says so when the host refuses', async () => {
    const { host, store } = setup();
    await store.getState().clearSession(); // no thread open: nothing to clear
    expect(host.callsTo('clearSession')).toHaveLength(0);
    await store.getState().selectThread('t');
    await store.getState().clearSession();
    expect(host.callsTo('clearSession')).toEqual([{ threadId: 't' }]);
    host.handle('clearSession', () => {
      throw new Error('the session is busy');
    });
    await store.getState().clearSession();
    expect(store.getState().notices.map((n) => n.message)).toContain(
      'Could not clear the session: the session is busy',
    );
  });

  it('a file that cannot be opened is a notice', async () => {
    const { host, store } = setup();
    host.handle('openFile', () => {
      throw new Error('No such file: /gone.ts');
    });
    store.getState().openFile('/gone.ts');
    await flush();
    expect(host.callsTo('openFile')).toEqual([{ path: '/gone.ts' }]);
    expect(store.getState().notices.map((n) => n.message)).toContain('No such file: /gone.ts');
  });
});
