import { useEffect } from 'react';
import { useDesk } from '../../store/store-context';
import { ApiKeyField } from './api-key-field';
import { DoctorView } from './doctor-view';
import { MemoryPanel } from './memory-panel';
import { ModelSetting } from './model-setting';
import { PermissionControl } from './permission-control';
import { StatusCard } from './status-card';
import { ToolPolicySetting, UserMcpSetting } from './tool-policy';
import { HistorySettings } from './history-settings';
import './settings.css';

function AboutCard() {
  const info = useDesk((s) => s.appInfo);
  if (!info) return null;
  return (
    <section className="card" aria-labelledby="about-title" data-testid="about">
      <h2 id="about-title">About</h2>
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

export function SettingsView() {
  const setView = useDesk((s) => s.setView);
  const loadSettings = useDesk((s) => s.loadSettings);
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);
  return (
    <section className="settings-view" aria-labelledby="settings-title" data-testid="settings-view">
      <header className="settings-header">
        <h1 id="settings-title">Settings</h1>
        <button type="button" className="btn" onClick={() => setView('chat')}>
          Back to chat
        </button>
      </header>
      <div className="settings-body">
        <StatusCard />
        <DoctorView />
        <section className="card" aria-labelledby="perm-title">
          <h2 id="perm-title">Permissions</h2>
          <PermissionControl />
          <ToolPolicySetting />
          <UserMcpSetting />
        </section>
        <section className="card" aria-labelledby="model-title">
          <h2 id="model-title">Model and key</h2>
          <ModelSetting />
          <ApiKeyField />
        </section>
        <MemoryPanel />
        <HistorySettings />
        <AboutCard />
      </div>
    </section>
  );
}
