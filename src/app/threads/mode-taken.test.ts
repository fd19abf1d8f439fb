import { describe, expect, it } from 'vitest';
import { ThreadsStore } from '../../core/store/threads-store';
import { DEFAULT_SETTINGS, type PermissionMode } from '../../shared/settings';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { createThreadHandlers, type ThreadPeers, type ThreadServices } from './thread-handlers';

const temp = useTempDirs('thread-mode-taken');

/** The thread calls over a real threads store, with a running Claude Code that answers set_permission_mode `took`. */
async function handlersWhere(took: PermissionMode | undefined) {
  const threads = temp.track(await ThreadsStore.open({ dir: await temp.make() }));
  const asked: PermissionMode[] = [];
  const peers = {
    liveMessages: () => [],
    permissionModeChanged: async (_previous: PermissionMode, next: PermissionMode) => {
      asked.push(next);
      return took;
    },
  } as unknown as ThreadPeers;
  const services = {
    threads,
    settings: { get: () => ({ ...DEFAULT_SETTINGS }) },
    sandbox: async () => ({ kind: 'none' }),
  } as unknown as ThreadServices;
  return { handlers: createThreadHandlers(services, peers), threads, asked };
}

describe('the mode a thread keeps is the mode Claude Code took (set_permission_mode, case 60)', () => {
  it('saves and answers the mode Claude Code answered when it took another than the one asked', async () => {
    const { handlers, threads, asked } = await handlersWhere('ask');
    const t = await handlers.createThread({ settings: { permissionMode: 'acceptEdits' } });
    const changes: string[] = [];
    threads.onChange(({ threadId }) => changes.push(threadId));
    const saved = await handlers.updateThreadSettings({ threadId: t.id, settings: { permissionMode: 'plan' } });
    expect(asked).toEqual(['plan']);
    expect(saved).toMatchObject({ permissionMode: 'ask' });
    expect(threads.summary(t.id)?.settings.permissionMode).toBe('ask');
    expect((await handlers.getThread({ threadId: t.id }))?.settings.permissionMode).toBe('ask');
    // Every window hears of it (the store's change event becomes threadsChanged).
    expect(changes).toContain(t.id);
  });

  it('keeps the mode asked when Claude Code took it (or nothing runs)', async () => {
    const { handlers } = await handlersWhere(undefined);
    const t = await handlers.createThread({ settings: { permissionMode: 'acceptEdits' } });
    const saved = await handlers.updateThreadSettings({ threadId: t.id, settings: { permissionMode: 'plan' } });
    expect(saved).toMatchObject({ permissionMode: 'plan' });
  });
});
