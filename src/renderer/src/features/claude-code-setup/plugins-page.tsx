import { useEffect, useId, useState } from 'react';
import { PLUGIN_ID } from '../../../../shared/claude-code-setup';
import { useDesk } from '../../store/store-context';

/** Install a plugin by its id; what Claude Code says when it cannot (offline: the marketplace is unreachable). */
function InstallPlugin() {
  const install = useDesk((s) => s.installClaudePlugin);
  const ids = { input: useId(), hint: useId() };
  const [id, setId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!PLUGIN_ID.test(id.trim())) {
      setError('Name the plugin as <name>@<marketplace>, like code-review@anthropic-plugin-directory.');
      return;
    }
    setBusy(true);
    const failed = await install(id.trim());
    setBusy(false);
    setError(failed);
    if (!failed) setId('');
  };
  return (
    <form className="card setup-add" onSubmit={(e) => void submit(e)} aria-label="Install a plugin">
      <label htmlFor={ids.input} className="field-label">
        Install a plugin
      </label>
      <div className="field-row">
        <input
          id={ids.input}
          value={id}
          spellCheck={false}
          placeholder="name@marketplace"
          aria-describedby={ids.hint}
          onChange={(e) => setId(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !id.trim()}>
          {busy ? 'Installing…' : 'Install'}
        </button>
      </div>
      <p id={ids.hint} className="field-hint">
        A marketplace on the internet needs the network; a marketplace in a local folder works offline.
      </p>
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** Installed plugins, from Claude Code's own `plugin list --json`, each with what it adds and a switch. */
export function PluginsPage() {
  const plugins = useDesk((s) => s.claudePlugins);
  const error = useDesk((s) => s.claudePluginsError);
  const load = useDesk((s) => s.loadClaudePlugins);
  const setEnabled = useDesk((s) => s.setClaudePluginEnabled);
  const [switchError, setSwitchError] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="setup-page" data-testid="setup-plugins">
      <p className="field-hint">
        Claude Code&rsquo;s own list (claude plugin list). A change takes effect on the next message.
      </p>
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
      {!plugins && !error && <p className="field-hint">Asking Claude Code…</p>}
      {plugins?.length === 0 && <p className="field-hint">No plugins installed.</p>}
      {plugins?.map((p) => (
        <section key={p.id} className="card setup-file" aria-label={`Plugin ${p.id}`} data-testid="setup-plugin">
          <div className="setup-source">
            <span className="setup-scope">{p.scope === 'project' ? 'Project' : 'User'}</span>
            {p.path && <code className="setup-path">{p.path}</code>}
          </div>
          <h3 className="setup-item-name">
            {p.id}
            {p.version ? ` ${p.version}` : ''}
          </h3>
          {p.adds.length > 0 && (
            <ul className="setup-list">
              {p.adds.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          )}
          <label className="setup-toggle">
            <input
              type="checkbox"
              checked={p.enabled}
              onChange={(e) => void setEnabled(p.id, e.target.checked).then(setSwitchError)}
            />
            On
          </label>
        </section>
      ))}
      {switchError && (
        <p className="setup-error" role="alert">
          {switchError}
        </p>
      )}
      <InstallPlugin />
    </div>
  );
}
