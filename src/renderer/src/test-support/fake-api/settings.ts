/** The fake host's answers to the settings calls (composed with the others in fake-api.ts). */
import type { SettingsCallName } from '../../../../shared/contract/settings-names';
import type { AppSettings } from '../../../../shared/settings';
import type { CliOverview } from '../../../../shared/contract';
import type { FakeAnswers, FakeContext } from './host';

export const OK_OVERVIEW: CliOverview = {
  cli: { status: 'ok', version: '2.1.328', path: '/usr/local/bin/claude', source: 'path' },
  auth: { loggedIn: true, method: 'cli_login' },
  sandbox: { kind: 'bubblewrap', reason: 'bwrap available' },
};

export function settingsAnswers({ fake }: FakeContext): FakeAnswers<SettingsCallName> {
  return {
    getAppInfo: () => fake.appInfo,
    getCliStatus: () => fake.overview,
    getDoctor: () => ({
      ...fake.overview,
      appPath: '/usr/bin:/bin',
      loginShellPath: '/usr/local/bin:/usr/bin',
      steps: [],
      dataDir: '/data/desk',
      logFile: '/data/desk/log',
    }),
    getSettings: () => fake.settings,
    updateSettings: (patch: Partial<AppSettings>) => (fake.settings = { ...fake.settings, ...patch }),
    setApiKey: () => (fake.settings = { ...fake.settings, hasSavedApiKey: true }),
    clearApiKey: () => (fake.settings = { ...fake.settings, hasSavedApiKey: false }),
    listMemories: () => ({ items: [] }),
    deleteMemory: () => null,
  };
}
