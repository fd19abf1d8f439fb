import { useState } from 'react';
import { byMessages } from '../../store/by-messages';
import { useDesk } from '../../store/store-context';

const EMPTY: string[] = [];
/** What the thread's latest init line listed. */
const latestServers = byMessages((s) => {
  for (let i = s.messageIds.length - 1; i >= 0; i--) {
    const m = s.messages[s.messageIds[i]!];
    if (m?.role === 'assistant' && m.mcpServers) return m.mcpServers;
  }
  return undefined;
});

/**
 * The servers the last turn's CLI reported in system/init (recorded cases 05, 07, 34), each of the user's own with
 * a switch for this thread: off, its tools are withheld from the next turn on (`--disallowedTools mcp__<name>`,
 * case 34e — the server itself still starts). Claude Desk's own server has no switch: its tools are the app's.
 */
export function McpServers() {
  const threadId = useDesk((s) => s.activeThreadId);
  const servers = useDesk(latestServers);
  const off = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId)?.settings.disabledMcpServers ?? EMPTY);
  const userServersOn = useDesk((s) => s.settings?.includeUserMcpServers ?? true);
  const update = useDesk((s) => s.updateThreadSettings);
  const [problem, setProblem] = useState<string | null>(null);
  // A flipped switch shows its new state at once; the host's answer confirms it (or puts it back, with the reason).
  const [pending, setPending] = useState<Record<string, boolean>>({});
  if (!servers)
    return <p className="muted">No turn has run in this thread yet: the servers show up after the first answer.</p>;
  const toggle = async (name: string, on: boolean) => {
    if (!threadId) return;
    setProblem(null);
    setPending((p) => ({ ...p, [name]: on }));
    const rest = off.filter((n) => n !== name);
    setProblem(await update(threadId, { disabledMcpServers: on ? rest : [...rest, name] }));
    setPending((p) => Object.fromEntries(Object.entries(p).filter(([n]) => n !== name)));
  };
  return (
    <>
      <ul className="mcp-list">
        {servers.map((srv) => {
          const own = srv.source === 'dynamic';
          const isOff = !own && (srv.name in pending ? !pending[srv.name] : off.includes(srv.name));
          return (
            <li key={srv.name} className={`mcp-row ${isOff ? 'off' : ''}`} data-testid="mcp-server">
              <span className={`mcp-dot ${isOff ? 'off' : srv.status}`} aria-hidden="true" />
              <span className="mcp-name">{own ? `${srv.name} (Claude Desk)` : srv.name}</span>
              <span className="mcp-status">
                {isOff ? 'off in this thread' : srv.status === 'needs-auth' ? 'needs sign-in' : srv.status}
              </span>
              {srv.source && !own && <span className="picker-badge">{srv.source}</span>}
              {!own && userServersOn && (
                <label className="mcp-switch">
                  <input
                    type="checkbox"
                    role="switch"
                    checked={!isOff}
                    aria-label={`${srv.name} in this thread`}
                    onChange={(e) => void toggle(srv.name, e.target.checked)}
                  />
                  <span aria-hidden="true">{isOff ? 'Off' : 'On'}</span>
                </label>
              )}
            </li>
          );
        })}
      </ul>
      {off.length > 0 && (
        <p className="muted mcp-note">
          A server that is off still starts, but Claude does not get its tools, from the next message on.
        </p>
      )}
      {problem && (
        <p className="composer-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
