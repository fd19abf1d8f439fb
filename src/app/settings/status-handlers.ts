import type { DeskHandlers } from '../../shared/contract';
import type { DeskFoundation } from './desk-foundation';

export type StatusHandlers = Pick<DeskHandlers, 'getAppInfo' | 'getCliStatus' | 'getDoctor'>;
export type StatusServices = Pick<DeskFoundation, 'layout' | 'bus' | 'cli' | 'sandbox' | 'overview' | 'appInfo'>;

/**
 * The calls about the app and the Claude Code CLI, which need only the foundation: part of every front door's
 * handlers (createHandlers), and all that `claude-desk status` and `doctor` build.
 */
export function createStatusHandlers(s: StatusServices): StatusHandlers {
  return {
    getAppInfo: async () => s.appInfo(),
    getCliStatus: async (input) => {
      const overview = await s.overview(input?.force ?? false);
      if (input?.force) s.bus.emit('statusChanged', overview);
      return overview;
    },
    getDoctor: async () => {
      const wall = await s.sandbox();
      const report = await s.cli.doctor({
        dataDir: s.layout.root,
        logFile: s.layout.logFile,
        sandbox: { kind: wall.kind, reason: wall.reason },
      });
      return s.appInfo().fullAccessRefused ? { ...report, fullAccessRefused: true } : report;
    },
  };
}
