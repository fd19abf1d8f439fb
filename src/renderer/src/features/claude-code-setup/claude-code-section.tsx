import { useEffect, useState } from 'react';
import { useDesk } from '../../store/store-context';
import { AgentsPage } from './agents-page';
import { HooksPage } from './hooks-page';
import { InstructionsPage } from './instructions-page';
import { PermissionsPage } from './permissions-page';
import { PluginsPage } from './plugins-page';
import { SkillsPage } from './skills-page';
import './claude-code-setup.css';

const PAGES = [
  { id: 'permissions', label: 'Permission rules' },
  { id: 'hooks', label: 'Hooks' },
  { id: 'instructions', label: 'Instructions' },
  { id: 'agents', label: 'Sub-agents' },
  { id: 'skills', label: 'Skills & styles' },
  { id: 'plugins', label: 'Plugins' },
] as const;
type PageId = (typeof PAGES)[number]['id'];

/**
 * Settings → Claude Code: the setup a user brings from the terminal, each entry with the file it comes from. The
 * project's files are those of the open thread's folder.
 */
export function ClaudeCodeSection() {
  const setup = useDesk((s) => s.claudeCodeSetup);
  const error = useDesk((s) => s.claudeCodeSetupError);
  const saved = useDesk((s) => s.claudeCodeSetupSaved);
  const load = useDesk((s) => s.loadClaudeCodeSetup);
  const activeThreadId = useDesk((s) => s.activeThreadId);
  const [page, setPage] = useState<PageId>('permissions');
  useEffect(() => {
    void load();
  }, [load, activeThreadId]);

  return (
    <div className="claude-code-setup" data-testid="claude-code-setup">
      <p className="field-hint" data-testid="setup-project">
        {setup?.worktree ? (
          // The project as the thread sees it: where its Claude Code reads CLAUDE.md and .claude/, and where edits go.
          <>
            Your files, and those of this thread's worktree {setup.worktree.path} (branch {setup.worktree.branch} from{' '}
            {setup.worktree.base}). An edit of a tracked file there (CLAUDE.md, .claude/settings.json) is committed with
            the thread's work when it lands; your checkout at {setup.worktree.repo} is not changed. Personal rules go in
            settings.local.json (untracked, never committed).
          </>
        ) : setup?.projectDir && setup.worktreePending ? (
          `Your files, and those of the open thread's project: ${setup.projectDir}. This thread gets its own worktree on its first message, made from what is committed: an edit here changes your checkout (uncommitted) and does not reach that worktree.`
        ) : setup?.projectDir ? (
          `Your files, and those of the open thread's project: ${setup.projectDir}`
        ) : (
          'Your own files. Open a thread to see its project’s files too.'
        )}
      </p>
      <nav className="setup-pages" aria-label="Claude Code setup pages">
        {PAGES.map((p) => (
          <button
            key={p.id}
            type="button"
            className="setup-page-tab"
            aria-current={p.id === page ? 'page' : undefined}
            data-testid={`setup-page-${p.id}`}
            onClick={() => setPage(p.id)}
          >
            {p.label}
          </button>
        ))}
      </nav>
      <p className="setup-saved" role="status">
        {saved ? `Saved. ${saved}` : ''}
      </p>
      {error && (
        <p className="setup-error" role="alert">
          {error}
        </p>
      )}
      {setup && page === 'permissions' && (
        <PermissionsPage files={setup.settings} folder={setup.projectDir ?? setup.home} />
      )}
      {setup && page === 'hooks' && <HooksPage files={setup.settings} />}
      {setup && page === 'instructions' && <InstructionsPage files={setup.instructions} project={setup.projectDir} />}
      {setup && page === 'agents' && <AgentsPage agents={setup.agents} hasProject={!!setup.projectDir} />}
      {setup && page === 'skills' && <SkillsPage setup={setup} />}
      {page === 'plugins' && <PluginsPage />}
    </div>
  );
}
