import type { ComponentType } from 'react';
import type { SettingsSection } from '../../store/memory-ui-slices';
import { useDesk } from '../../store/store-context';
import { ApiKeyField } from './api-key-field';
import { DoctorView } from './doctor-view';
import { MemoryPanel } from './memory-panel';
import { ModelSetting } from './model-setting';
import { PermissionModePicker } from './permission-control';
import { StatusCard } from './status-card';
import { ToolPolicySetting, UserMcpSetting } from './tool-policy';
import { HistorySettings } from './history-settings';
import { ThemeSetting } from './theme-setting';
import { ClaudeCodeSection } from '../claude-code-setup/claude-code-section';
import { WorktreeDefaultSetting } from './worktree-setting';
import { NotifySettings } from '../notify/notify-settings';
import { PhoneSection } from '../phone/phone-section';

function CliSection() {
  return (
    <>
      <StatusCard />
      <section className="card" aria-labelledby="model-title">
        <h2 id="model-title">Model and key</h2>
        <ModelSetting />
        <ApiKeyField />
      </section>
    </>
  );
}

function PermissionsSection() {
  return (
    <section className="card" aria-label="Permissions">
      <PermissionModePicker legend="Default for new threads" />
      <p className="field-hint">
        Each thread keeps its own mode: change it in the chat header. Claude Code itself keeps a mode per session.
      </p>
      <WorktreeDefaultSetting />
    </section>
  );
}

function ToolsSection() {
  return (
    <section className="card" aria-label="Tools">
      <ToolPolicySetting />
      <UserMcpSetting />
    </section>
  );
}

// History's own section (the README points there): keeping copies of Claude Code's sessions and the space they take.
function HistorySection() {
  return <HistorySettings />;
}

function AboutCard() {
  const info = useDesk((s) => s.appInfo);
  if (!info) return null;
  return (
    <section className="card" aria-labelledby="about-title" data-testid="about">
      <h2 id="about-title">About this copy</h2>
      <div className="status-row">
        <span className="status-key">Version</span>
        <span>
          {info.name} {info.version} ({info.host === 'web' ? 'browser mode' : 'desktop'}, {info.platform})
        </span>
      </div>
      <div className="status-row">
        <span className="status-key">Data folder</span>
        <code data-testid="data-dir">{info.dataDir}</code>
      </div>
      <div className="status-row">
        <span className="status-key">Log file</span>
        <code>{info.logFile}</code>
      </div>
      <p className="field-hint">Set CLAUDE_DESK_DATA_DIR to keep the data somewhere else.</p>
    </section>
  );
}

function DiagnosticsSection() {
  return (
    <>
      <AboutCard />
      <DoctorView />
    </>
  );
}

export interface SettingsSectionDef {
  id: SettingsSection;
  label: string;
  Body: ComponentType;
}

/** The settings screen's sections, in navigation order; a new area adds its entry (and its id to SettingsSection). */
export const SETTINGS_SECTIONS: SettingsSectionDef[] = [
  { id: 'cli', label: 'CLI & login', Body: CliSection },
  { id: 'permissions', label: 'Permissions', Body: PermissionsSection },
  { id: 'tools', label: 'Tools', Body: ToolsSection },
  { id: 'memory', label: 'Memory', Body: MemoryPanel },
  { id: 'history', label: 'History', Body: HistorySection },
  { id: 'appearance', label: 'Appearance', Body: ThemeSetting },
  { id: 'claude-code', label: 'Claude Code', Body: ClaudeCodeSection },
  { id: 'phone', label: 'Phone & other devices', Body: PhoneSection },
  { id: 'notifications', label: 'Notifications', Body: NotifySettings },
  { id: 'diagnostics', label: 'Diagnostics', Body: DiagnosticsSection },
];
