import { useEffect, useRef } from 'react';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { SidebarToggle } from '../../ui/sidebar-toggle';
import { SETTINGS_SECTIONS } from './settings-sections';
import './settings.css';

/**
 * Settings as a screen of its own: the sections on the left (on top in a narrow window), one section at
 * a time on the right. Esc, or the back button, returns to the chat (use-shortcuts.ts).
 */
export function SettingsView() {
  const setView = useDesk((s) => s.setView);
  const loadSettings = useDesk((s) => s.loadSettings);
  const sectionId = useDesk((s) => s.settingsSection);
  const heading = useRef<HTMLHeadingElement>(null);
  const section = SETTINGS_SECTIONS.find((s) => s.id === sectionId) ?? SETTINGS_SECTIONS[0]!;
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

  return (
    <section className="settings-view" aria-labelledby="settings-title" data-testid="settings-view">
      <header className="settings-header">
        <SidebarToggle />
        <button
          type="button"
          className="btn btn-ghost settings-back"
          onClick={() => setView('chat')}
          title="Back to chat (Esc)"
          aria-keyshortcuts="Escape"
        >
          <Icon name="back" size={16} /> Back to chat
        </button>
        <h1 id="settings-title">Settings</h1>
      </header>
      <div className="settings-layout">
        <nav className="settings-nav" aria-label="Settings sections">
          <ul>
            {SETTINGS_SECTIONS.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="settings-nav-item"
                  aria-current={s.id === section.id ? 'page' : undefined}
                  data-testid={`settings-nav-${s.id}`}
                  onClick={() => {
                    setView('settings', s.id);
                    heading.current?.focus();
                  }}
                >
                  {s.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-body" data-section={section.id}>
          <h2 className="settings-section-title" ref={heading} tabIndex={-1}>
            {section.label}
          </h2>
          <section.Body />
        </div>
      </div>
    </section>
  );
}
