import { getApi } from '../api';
import { errorText, type Slice } from './desk-state';
import type { AppInfo, CliOverview } from '../../../shared/contract';
import type { DoctorReport } from '../../../shared/cli-status';
import type { AppSettings } from '../../../shared/settings';

export interface SettingsSlice {
  appInfo: AppInfo | null;
  settings: AppSettings | null;
  loadAppInfo(): Promise<void>;
  loadSettings(): Promise<void>;
  updateSettings(
    patch: Partial<
      Pick<
        AppSettings,
        | 'permissionMode'
        | 'defaultModel'
        | 'toolPolicy'
        | 'keepSessionCopies'
        | 'includeUserMcpServers'
        | 'theme'
        | 'newThreadWorktree'
      >
    >,
  ): Promise<boolean>;
  saveApiKey(key: string): Promise<boolean>;
  clearApiKey(): Promise<boolean>;
}

export interface StatusSlice {
  overview: CliOverview | null;
  statusError: string | null;
  checking: boolean;
  doctor: DoctorReport | null;
  doctorError: string | null;
  loadStatus(force?: boolean): Promise<void>;
  loadDoctor(): Promise<void>;
}

declare module './desk-state' {
  interface DeskState extends SettingsSlice, StatusSlice {}
}

export const createSettingsSlice: Slice<SettingsSlice> = (set, get) => ({
  appInfo: null,
  settings: null,

  async loadAppInfo() {
    try {
      const appInfo = await getApi().getAppInfo();
      set({ appInfo });
      // Problems with the app's own files found at start (moved aside, unreadable): the user must see
      // them, not only the log, so they stay until dismissed.
      for (const warning of appInfo.warnings ?? []) get().pushNotice('warning', warning, true);
    } catch (err) {
      get().pushNotice('error', `Could not reach Claude Desk: ${errorText(err)}`);
    }
  },

  async loadSettings() {
    try {
      set({ settings: await getApi().getSettings() });
    } catch (err) {
      get().pushNotice('warning', `Settings are unavailable: ${errorText(err)}`);
    }
  },

  async updateSettings(patch) {
    try {
      set({ settings: await getApi().updateSettings(patch) });
      return true;
    } catch (err) {
      get().pushNotice('error', `Could not save the setting: ${errorText(err)}`);
      return false;
    }
  },

  async saveApiKey(key) {
    try {
      set({ settings: await getApi().setApiKey({ key: key.trim() }) });
      // Which credentials a turn will use has changed: ask again.
      void get().loadStatus(true);
      return true;
    } catch (err) {
      get().pushNotice('error', `Could not save the API key: ${errorText(err)}`);
      return false;
    }
  },

  async clearApiKey() {
    try {
      set({ settings: await getApi().clearApiKey() });
      void get().loadStatus(true);
      return true;
    } catch (err) {
      get().pushNotice('error', `Could not remove the API key: ${errorText(err)}`);
      return false;
    }
  },
});

export const createStatusSlice: Slice<StatusSlice> = (set) => ({
  overview: null,
  statusError: null,
  checking: false,
  doctor: null,
  doctorError: null,

  async loadStatus(force) {
    set({ checking: true });
    try {
      const overview = await getApi().getCliStatus(force ? { force: true } : undefined);
      set({ overview, statusError: null, checking: false });
    } catch (err) {
      set({ statusError: errorText(err), checking: false });
    }
  },

  async loadDoctor() {
    try {
      set({ doctor: await getApi().getDoctor(), doctorError: null });
    } catch (err) {
      set({ doctorError: errorText(err) });
    }
  },
});
