import { useEffect, useId, useState } from 'react';
import { PLUGIN_ID, type PluginView } from '../../../../shared/claude-code-setup';
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

/** One plugin: where it comes from, what it adds, and its switch. A built-in one is part of Claude Code: no version, no file. */
function PluginCard({ plugin: p, onSwitch }: { plugin: PluginView; onSwitch: (id: string, on: boolean) => void }) {
  const name = p.builtIn ? (p.displayName ?? p.id) : `${p.id}${p.version ? ` ${p.version}` : ''}`;
  return (
    <section
      className="card setup-file"
      aria-label={`Plugin ${p.builtIn ? name : p.id}`}
      data-testid={p.builtIn ? 'setup-plugin-builtin' : 'setup-plugin'}
    >
      <div className="setup-source">
        <span className="setup-scope">{p.builtIn ? 'Built in' : p.scope === 'project' ? 'Project' : 'User'}</span>
        {p.builtIn ? (
          <code className="setup-path">{p.id}</code>
        ) : (
          p.path && <code className="setup-path">{p.path}</code>
        )}
      </div>
      <h3 className="setup-item-name">{name}</h3>
      {p.builtIn && (p.description ?? p.summary) && <p className="field-hint">{p.description ?? p.summary}</p>}
      {p.adds.length > 0 && (
        <ul className="setup-list">
          {p.adds.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      )}
      <label className="setup-toggle">
        <input type="checkbox" checked={p.enabled} onChange={(e) => onSwitch(p.id, e.target.checked)} />
        On
      </label>
    </section>
  );
}

/**
 * Claude Code's plugins, from its own `plugin list --json`: those installed, each with what it adds and a switch, and
 * those built into Claude Code (case 64), which can only be turned on or off.
 */
export function PluginsPage() {
  const plugins = useDesk((s) => s.claudePlugins);
  const error = useDesk((s) => s.claudePluginsError);
  const load = useDesk((s) => s.loadClaudePlugins);
  const setEnabled = useDesk((s) => s.setClaudePluginEnabled);
  const [switchError, setSwitchError] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);
  const onSwitch = (id: string, on: boolean) => void setEnabled(id, on).then(setSwitchError);
  const installed = plugins?.filter((p) => !p.builtIn);
  const builtIn = plugins?.filter((p) => p.builtIn) ?? [];
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
      {installed?.length === 0 && <p className="field-hint">No plugins installed.</p>}
      {installed?.map((p) => (
        <PluginCard key={p.id} plugin={p} onSwitch={onSwitch} />
      ))}
      {switchError && (
        <p className="setup-error" role="alert">
          {switchError}
        </p>
      )}
      <InstallPlugin />
      {builtIn.length > 0 && (
        <>
          <h3 className="setup-form-title">Built into Claude Code</h3>
          <p className="field-hint">
            Part of Claude Code itself: nothing to install or remove. Turn one off if you do not want what it adds.
          </p>
          {builtIn.map((p) => (
            <PluginCard key={p.id} plugin={p} onSwitch={onSwitch} />
          ))}
        </>
      )}
    </div>
  );
}
