import { useId, useState } from 'react';
import type { AgentDefinition, AgentView } from '../../../../shared/claude-code-setup';
import { useDesk } from '../../store/store-context';
import { ConfirmDialog } from '../../ui/dialog';
import { SourceFile } from './source-file';

const EMPTY: AgentDefinition = { name: '', description: '', tools: [], prompt: '' };

function AgentForm({
  start,
  scope: startScope,
  hasProject,
  onDone,
}: {
  start: AgentDefinition;
  scope: 'user' | 'project';
  hasProject: boolean;
  onDone: () => void;
}) {
  const save = useDesk((s) => s.saveClaudeAgent);
  const ids = { name: useId(), desc: useId(), tools: useId(), model: useId(), prompt: useId(), scope: useId() };
  const [agent, setAgent] = useState(start);
  const [tools, setTools] = useState((start.tools ?? []).join(', '));
  const [scope, setScope] = useState(startScope);
  const [error, setError] = useState<string | null>(null);
  const editing = start.name !== '';
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const list = tools
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const failed = await save(
      scope,
      { ...agent, tools: list, ...(agent.model ? {} : { model: undefined }) },
      editing ? start.name : undefined,
    );
    setError(failed);
    if (!failed) onDone();
  };
  const set = (patch: Partial<AgentDefinition>) => setAgent({ ...agent, ...patch });
  return (
    <form className="card setup-agent-form" onSubmit={(e) => void submit(e)} aria-label="Sub-agent">
      <div className="setup-form-grid">
        <label htmlFor={ids.name}>Name</label>
        <input id={ids.name} value={agent.name} onChange={(e) => set({ name: e.target.value })} />
        <label htmlFor={ids.desc}>Description</label>
        <input id={ids.desc} value={agent.description} onChange={(e) => set({ description: e.target.value })} />
        <label htmlFor={ids.tools}>Tools</label>
        <input
          id={ids.tools}
          value={tools}
          placeholder="Read, Grep, Glob (empty: all)"
          onChange={(e) => setTools(e.target.value)}
        />
        <label htmlFor={ids.model}>Model</label>
        <select id={ids.model} value={agent.model ?? ''} onChange={(e) => set({ model: e.target.value || undefined })}>
          <option value="">Same as the conversation</option>
          <option value="haiku">Haiku</option>
          <option value="sonnet">Sonnet</option>
          <option value="opus">Opus</option>
        </select>
        {!editing && (
          <>
            <label htmlFor={ids.scope}>Saved in</label>
            <select id={ids.scope} value={scope} onChange={(e) => setScope(e.target.value as 'user' | 'project')}>
              <option value="user">Your agents (~/.claude/agents)</option>
              {hasProject && <option value="project">This project (.claude/agents)</option>}
            </select>
          </>
        )}
      </div>
      <label htmlFor={ids.prompt} className="field-label">
        Instructions (its system prompt)
      </label>
      <textarea
        id={ids.prompt}
        className="setup-editor"
        rows={8}
        value={agent.prompt}
        onChange={(e) => set({ prompt: e.target.value })}
      />
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
      <div className="field-row">
        <button type="submit" className="btn btn-primary">
          Save agent
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Delete, confirmed in a dialog naming the file that goes. */
function DeleteAgent({ agent, onError }: { agent: AgentView; onError: (e: string | null) => void }) {
  const remove = useDesk((s) => s.deleteClaudeAgent);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-ghost"
        aria-label={`Delete ${agent.name}`}
        onClick={() => setAsking(true)}
      >
        Delete
      </button>
      {asking && (
        <ConfirmDialog
          title={`Delete the sub-agent ${agent.name}?`}
          confirmLabel="Delete sub-agent"
          danger
          testId="delete-agent-dialog"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void remove(agent.scope, agent.name).then(onError);
          }}
        >
          <p>
            Its file <code className="setup-path">{agent.path}</code> is removed from this computer. Claude stops being
            offered it from the next message.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function AgentCard({ agent, hasProject }: { agent: AgentView; hasProject: boolean }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (editing)
    return <AgentForm start={agent} scope={agent.scope} hasProject={hasProject} onDone={() => setEditing(false)} />;
  return (
    <section className="card setup-file" aria-label={`Sub-agent ${agent.name}`} data-testid="setup-agent">
      <SourceFile kind={agent.scope} path={agent.path} />
      <h3 className="setup-item-name">{agent.name}</h3>
      <p>{agent.description}</p>
      <p className="field-hint">
        Tools: {agent.tools?.length ? agent.tools.join(', ') : 'all'} · Model:{' '}
        {agent.model ?? 'same as the conversation'}
      </p>
      {agent.problem && <p className="setup-problem">{agent.problem}</p>}
      <details>
        <summary>Instructions</summary>
        <pre className="setup-prompt">{agent.prompt}</pre>
      </details>
      <div className="field-row">
        <button type="button" className="btn btn-small" onClick={() => setEditing(true)}>
          Edit
        </button>
        <DeleteAgent agent={agent} onError={setError} />
      </div>
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The user's and the project's sub-agents (`agents/*.md`): list, view, create, edit, delete. */
export function AgentsPage({ agents, hasProject }: { agents: AgentView[]; hasProject: boolean }) {
  const [creating, setCreating] = useState(false);
  return (
    <div className="setup-page" data-testid="setup-agents">
      <p className="field-hint">
        Claude can hand work to these through its Agent tool. Claude Code lists them when it starts: a new or changed
        agent is there from the next message. Accept edits keeps sub-agents off; Ask and Full access offer them.
      </p>
      {creating ? (
        <AgentForm start={EMPTY} scope="user" hasProject={hasProject} onDone={() => setCreating(false)} />
      ) : (
        <button type="button" className="btn" onClick={() => setCreating(true)}>
          New sub-agent
        </button>
      )}
      {agents.length === 0 && <p className="field-hint">No sub-agents of your own yet.</p>}
      {agents.map((a) => (
        <AgentCard key={a.path} agent={a} hasProject={hasProject} />
      ))}
    </div>
  );
}
