import type { DeskHandlers } from '../../shared/contract';
import { spawnInOwnGroup } from '../../core/claude-code-wire/spawned-process';
import type { ThreadsStore } from '../../core/store/threads-store';
import type { DeskFoundation } from '../settings/desk-foundation';
import type { ClaudeCodeLauncher } from '../settings/claude-code-launch';
import { ComposerService } from './composer-service';

type ComposerHandlers = Pick<DeskHandlers, 'getComposerCatalog' | 'searchProjectFiles'>;

/** The composer's pickers: commands, models, project files. */
export function wireComposer(
  f: Pick<DeskFoundation, 'env' | 'layout' | 'log' | 'bus'>,
  threads: ThreadsStore,
  launcher: ClaudeCodeLauncher,
) {
  const { bus, log } = f;
  const composer = new ComposerService({
    layout: f.layout,
    env: f.env,
    spawner: spawnInOwnGroup,
    settingsOf: (threadId) => (threadId ? (threads.summary(threadId)?.settings ?? {}) : {}),
    // The catalog probe starts the CLI a turn would start (binary, PATH, key).
    cli: async () => {
      const result = await launcher.launch();
      return result.ok
        ? result.launch
        : 'Claude Code is not ready (see Settings → Claude Code), so only Claude Desk’s own commands are listed.';
    },
    log: (m) => log.info(m),
  });
  bus.on('statusChanged', () => composer.invalidate());
  bus.on('turnEvent', (e) => e.type === 'finished' && void composer.filesMayHaveChanged(e.threadId));
  const handlers: ComposerHandlers = {
    getComposerCatalog: async (input) => composer.catalog(input?.threadId),
    searchProjectFiles: async ({ threadId, query, limit }) => composer.searchFiles(threadId, query, limit ?? 50),
  };
  return { composer, handlers };
}
