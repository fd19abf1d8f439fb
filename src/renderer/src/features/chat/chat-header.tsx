import { useRef, useState, type ComponentType } from 'react';
import type { ThreadTotals } from '../../../../shared/threads';
import { EMPTY_TOTALS } from '../../../../shared/turn-reducer';
import { tokenCounts } from '../../../../shared/turn-costs';
import { DEFAULT_THREAD_TITLE } from '../../../../shared/thread-title';
import { byMessages } from '../../store/by-messages';
import { useDesk } from '../../store/store-context';
import { PermissionModePicker, useThreadPermissionMode } from '../settings/permission-control';
import { Icon } from '../../ui/icons';
import { ExportButtons } from '../../ui/export-buttons';
import { formatCost, formatTokens, modelLabel } from '../../ui/format';
import { defaultWorkspace } from './default-workspace';
import { ProjectChip } from '../projects/project-chip';
import { SidebarToggle } from '../../ui/sidebar-toggle';
import { ContextMeter } from '../context/context-meter';
import { PlanLimitIndicator } from '../limits/plan-limit-indicator';
import { TasksIndicator } from '../tasks/tasks-indicator';
import { HeaderMoreMenu } from './header-more-menu';
import { ChangesButton } from '../worktree/changes-button';
import { useNarrowHeader } from './use-narrow-header';
import { LazyLoading, lazyPart } from '../../ui/lazy-part';

// A thread's settings open from the header's click: the dialog is its own chunk.
const ThreadSettingsDialog = lazyPart(
  () => import('./thread-settings-dialog'),
  (m) => m.ThreadSettingsDialog,
  <LazyLoading what="the thread's settings" dialog />,
  { phone: false },
);
import { WorktreeChip } from '../worktree/worktree-chip';
import './chat-header.css';

/** `/home/me/code/app/` → `app` (either separator: the host may be Windows). */
/** What the CLI actually used last (its init line). */
const latestModel = byMessages((s) => {
  for (let i = s.messageIds.length - 1; i >= 0; i--) {
    const m = s.messages[s.messageIds[i]!];
    if (m?.role === 'assistant' && m.model) return m.model;
  }
  return undefined;
});

/** A name long enough to be cut: it keeps a legible minimum (chat-header.css) instead of shrinking to nothing. */
export const longName = (name: string): boolean => name.length > LEGIBLE_CHARS;
const LEGIBLE_CHARS = 12;

const baseName = (dir: string): string =>
  dir
    .replace(/[\\/]+$/, '')
    .split(/[\\/]/)
    .pop() || dir;

/**
 * What the thread has cost: its turns' costs, tokens and turns. A thread that continues a Claude Code session
 * (History's Continue here) says what the session had cost before apart from its own cost "here": the session's
 * total beside one turn read as if that turn had cost it all. Its tokens are then left to the tooltip, so that the
 * line still fits beside the model and folder at 1280 px.
 */
function ThreadTotal({ totals }: { totals: ThreadTotals }) {
  const before = totals.costBeforeUsd ?? 0;
  const spent = totals.turns > 0 || totals.costUsd > 0;
  if (!spent && before <= 0) return null;
  const tokens = tokenCounts(totals);
  const turns = `${totals.turns} ${totals.turns === 1 ? 'turn' : 'turns'}`;
  const own = `the sum of its turns' costs. ${tokens.breakdown}. Failed turns count toward cost and tokens, not turns.`;
  if (before <= 0)
    return (
      <span className="chat-total" data-testid="thread-total" title={`This thread so far: ${own}`}>
        {/* The cost keeps its room; tokens and turns are the first thing a tight header cuts (the tooltip has them). */}
        <span className="chat-cost" data-testid="thread-cost">
          {formatCost(totals.costUsd)}
        </span>
        <span className="chat-total-more">
          {' '}
          · {formatTokens(tokens.total)} tokens · {turns}
        </span>
      </span>
    );
  const title =
    `The Claude Code session cost ${formatCost(before)} before it was continued here.` +
    (spent
      ? ` This thread since: ${formatCost(totals.costUsd)}, ${formatTokens(tokens.total)} tokens, ${turns}; ${own}`
      : '');
  return (
    <span className="chat-total" data-testid="thread-total" title={title}>
      <span className="chat-cost" data-testid="thread-cost">
        {spent ? `${formatCost(before)} before · ${formatCost(totals.costUsd)} here` : `${formatCost(before)} before`}
      </span>
      <span className="chat-total-more">{spent ? ` · ${turns}` : ' continuing'}</span>
    </span>
  );
}

/** The badge that says full access is on for this thread. */
function FullAccessBadge() {
  const fullAccess = useThreadPermissionMode().mode === 'bypassPermissions';
  if (!fullAccess) return null;
  return (
    <span className="badge badge-danger" data-testid="full-access-badge" role="status">
      <Icon name="shield" size={13} /> Full access
    </span>
  );
}

function HeaderPermissionMode() {
  return <PermissionModePicker variant="compact" />;
}

/**
 * What the header shows after the model and folder (chips about the thread: its project, its branch), left to right.
 * A feature adds its own with one line here; each renders nothing when it has nothing to say.
 */
const META_SLOTS: ComponentType[] = [WorktreeChip];

/** The open thread's Changes button (a worktree thread only). */
function OpenThreadChanges() {
  const thread = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId));
  return <ChangesButton thread={thread} />;
}

/**
 * The header's controls, left to right, before the thread's export and settings buttons. A feature adds its own with
 * one line here (e.g. a Changes button); at 800 px they move to the header's second row with the model and folder.
 */
const ACTION_SLOTS: ComponentType[] = [
  FullAccessBadge,
  OpenThreadChanges,
  TasksIndicator,
  PlanLimitIndicator,
  ContextMeter,
  HeaderPermissionMode,
];

/** The window's last thread may be about to reopen (continuity): neither a new chat nor the thread yet. */
export const placePending = (s: { restoringPlace: boolean; activeThreadId: string | null }): boolean =>
  s.restoringPlace && s.activeThreadId === null;

/**
 * Thread title, model, folder, running total and the thread's controls. Wide: one row (the title over its meta on
 * the left, the controls on the right). Narrow (use-narrow-header.ts): the title takes the first row alone beside the
 * sidebar button, so at least ~30 characters of it show at 800 px, and meta and controls share the second.
 */
export function ChatHeader() {
  const thread = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId));
  // Before the last thread reopens: no "New thread" title nor a default model and folder that would flash.
  const pending = useDesk(placePending);
  const defaultModel = useDesk((s) => s.settings?.defaultModel);
  // What the CLI actually used last (its init line), when neither thread nor settings name one.
  const usedModel = useDesk(latestModel);
  const dataDir = useDesk((s) => s.appInfo?.dataDir);
  const createThread = useDesk((s) => s.createThread);
  const [editing, setEditing] = useState(false);
  const header = useRef<HTMLElement>(null);
  const narrow = useNarrowHeader(header);
  const projectDir = thread?.settings.projectDir;
  const totals = thread?.totals ?? EMPTY_TOTALS;
  const model = modelLabel(thread?.settings.model) ?? modelLabel(defaultModel) ?? usedModel ?? 'Default model';
  return (
    <header ref={header} className="chat-header" data-testid="chat-header" data-narrow={narrow || undefined}>
      <SidebarToggle />
      <div className="chat-title-block">
        <h1 className="chat-title" data-testid="chat-title">
          {pending ? '\u00a0' : (thread?.title ?? DEFAULT_THREAD_TITLE)}
        </h1>
        <div className="chat-meta" data-pending={pending || undefined}>
          <span
            className="chat-model"
            title={`Model: ${model}`}
            data-testid="chat-model"
            data-long={longName(model) || undefined}
          >
            {model}
          </span>
          <ProjectChip
            thread={thread}
            title={projectDir ?? defaultWorkspace(dataDir) ?? 'Default workspace'}
            long={longName(projectDir ? baseName(projectDir) : 'Default workspace')}
          >
            <Icon name="folder" size={13} />
            <span className="chat-folder-name">{projectDir ? baseName(projectDir) : 'Default workspace'}</span>
          </ProjectChip>
          <ThreadTotal totals={totals} />
          {META_SLOTS.map((Slot, i) => (
            <Slot key={i} />
          ))}
        </div>
      </div>
      <div className="chat-header-actions">
        {ACTION_SLOTS.map((Slot, i) => (
          <Slot key={i} />
        ))}
        {thread &&
          (narrow ? (
            <HeaderMoreMenu target={{ threadId: thread.id }} />
          ) : (
            <ExportButtons target={{ threadId: thread.id }} compact />
          ))}
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label="Thread settings"
          title="Thread settings: project folder, model, system prompt"
          data-testid="thread-settings-button"
          // With no thread open yet, make one so its settings have somewhere to live.
          onClick={() => void (thread ? Promise.resolve(thread) : createThread()).then((t) => t && setEditing(true))}
        >
          <Icon name="sliders" />
        </button>
      </div>
      {editing && thread && <ThreadSettingsDialog thread={thread} onClose={() => setEditing(false)} />}
    </header>
  );
}
