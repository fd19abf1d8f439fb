import type { DeskHandlers } from '../../shared/contract';
import { createMemoryStore } from '../../core/store/memory-store';
import type { DeskFoundation } from './desk-foundation';
import { claudeCodeLauncher } from './claude-code-launch';
import { createStatusHandlers, type StatusHandlers } from './status-handlers';

type SettingsHandlers = StatusHandlers &
  Pick<DeskHandlers, 'getSettings' | 'updateSettings' | 'setApiKey' | 'clearApiKey' | 'listMemories' | 'deleteMemory'>;

/**
 * Settings, the saved key, the app's memory and the Claude Code status, on the foundation; and the one builder of
 * Claude Code's launch settings, which the turns, a rewind and the composer's probe get from here.
 */
export function wireSettings(f: DeskFoundation) {
  const { settings, apiKey, bus } = f;
  const memory = createMemoryStore({ file: f.layout.memoryFile, onWarning: f.warn });
  const launcher = claudeCodeLauncher({ cli: f.cli, apiKey, env: f.env });
  // Pushed events: every front door sees settings changes made by any other.
  settings.onChange((s) => bus.emit('settingsChanged', s));
  const handlers: SettingsHandlers = {
    ...createStatusHandlers(f),
    getSettings: async () => settings.get(),
    updateSettings: async (patch) => settings.update(patch),
    setApiKey: async ({ key }) => {
      await apiKey.set(key);
      settings.notify();
      return settings.get();
    },
    clearApiKey: async () => {
      await apiKey.clear();
      settings.notify();
      return settings.get();
    },
    listMemories: async (input) => {
      if (input?.query) {
        const hits = await memory.recall(input.query, input.limit ?? 50);
        return { items: hits.map((h) => h.memory) };
      }
      return memory.list({ tag: input?.tag, limit: input?.limit, cursor: input?.cursor });
    },
    deleteMemory: async ({ id }) => {
      await memory.forget(id);
      return null;
    },
  };
  return { memory, launcher, handlers };
}
