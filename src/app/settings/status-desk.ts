import type { DeskFoundationOptions } from './desk-foundation';
import type { StatusHandlers } from './status-handlers';
import { startEarly } from './claude-code-probes';

export interface StatusDesk {
  handlers: StatusHandlers;
  shutdown(): Promise<void>;
}

/**
 * The foundation and the status calls, nothing more: no threads, turns, History or MCP server are opened or
 * even loaded, so `claude-desk status` costs little beyond the CLI probes it runs. Those start first, before the
 * rest of the foundation (Settings and zod, the log) is loaded: the status call then finds them under way.
 * The same handlers as the whole app's (the settings wiring includes them).
 */
export async function createStatusDesk(opts: DeskFoundationOptions): Promise<StatusDesk> {
  const early = startEarly(opts);
  void early.cli.getStatus().catch(() => undefined); // awaited by the status call, which shares this probe
  const [{ openDeskFoundation }, { createStatusHandlers }] = await Promise.all([
    import('./desk-foundation'),
    import('./status-handlers'),
  ]);
  const foundation = await openDeskFoundation(opts, early);
  foundation.started();
  return {
    handlers: createStatusHandlers(foundation),
    async shutdown() {
      foundation.close();
    },
  };
}
