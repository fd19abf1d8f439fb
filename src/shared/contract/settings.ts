/** The foundation's calls and events: the app itself, Claude Code's status and `doctor`, Settings, the memories. */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import type { AuthStatus, CliStatus, DoctorReport, SandboxState } from '../cli-status';
import type { Memory } from '../memory';
import { settingsPatchSchema, type AppSettings } from '../settings';
import { id } from './fields';
import type { SettingsCallName } from './settings-names';

/** What serves the page and runs the app: the window, browser mode or the command line (which serves no page). */
export type HostName = 'electron' | 'web' | 'command-line';

export interface AppInfo {
  name: string;
  version: string;
  host: Exclude<HostName, 'command-line'>;
  platform: string;
  dataDir: string;
  logFile: string;
  /** Problems with the app's own files (state moved aside, unreadable) since it started, oldest first. */
  warnings?: string[];
  /** Claude Code will refuse full access: Claude Desk runs as root without IS_SANDBOX (permission-mode.ts). */
  fullAccessRefused?: boolean;
}

export interface CliOverview {
  cli: CliStatus;
  auth: AuthStatus;
  sandbox: SandboxState;
}

export const settingsCalls = {
  getAppInfo: call<AppInfo>()(z.undefined()),
  getCliStatus: call<CliOverview>()(z.object({ force: z.boolean().optional() }).strict().optional()),
  getDoctor: call<DoctorReport>()(z.undefined()),
  getSettings: call<AppSettings>()(z.undefined()),
  updateSettings: call<AppSettings>()(settingsPatchSchema),
  setApiKey: call<AppSettings>()(z.object({ key: z.string().min(1).max(500) }).strict()),
  clearApiKey: call<AppSettings>()(z.undefined()),
  listMemories: call<{ items: Memory[]; nextCursor?: string }>()(
    z
      .object({
        query: z.string().max(1000).optional(),
        tag: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(500).optional(),
        cursor: z.string().max(200).optional(),
      })
      .strict()
      .optional(),
  ),
  deleteMemory: call<null>()(z.object({ id }).strict()),
} satisfies CallsOf<SettingsCallName>;

export interface SettingsEvents {
  statusChanged: CliOverview;
  settingsChanged: AppSettings;
  notice: { level: 'info' | 'warning' | 'error'; message: string };
}
