import { openDeskFoundation, type DeskFoundationOptions } from './desk-foundation';
import { createStatusHandlers, type StatusHandlers } from './status-handlers';

export interface StatusDesk {
  handlers: StatusHandlers;
  shutdown(): Promise<void>;
}

/**
 * The foundation and the status calls, nothing more: no threads, turns, History or MCP server are opened or
 * even loaded, so `claude-desk status` costs little beyond the CLI probes it runs. The same handlers as the
 * whole app's (createHandlers includes them).
 */
export async function createStatusDesk(opts: DeskFoundationOptions): Promise<StatusDesk> {
  const foundation = await openDeskFoundation(opts);
  foundation.started();
  return {
    handlers: createStatusHandlers(foundation),
    async shutdown() {
      foundation.close();
    },
  };
}
