import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { ProjectFolder } from '../../../../shared/projects';
import type { ThreadSummary } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { worktreeDefault, worktreeFor } from '../../store/projects-slice';
import { errorText } from '../../store/desk-state';
import { Icon } from '../../ui/icons';
import { FolderPathField } from './folder-path-field';
import { RecentProjectList } from './recent-project-list';
import { useFolderDrop } from './use-folder-drop';
import './projects.css';

/** Recent projects shown before "Show all". */
const FIRST_RECENT = 6;

/** The picker's id: the header's project chip moves focus here (the same picker, before the first message). */
export const PROJECT_PICKER_ID = 'project-picker';

export interface ProjectPickerProps {
  /** Said under the chosen folder (the chat's note when the thread's worktree cannot be made there). */
  note?: ReactNode;
  /** None on the first screen (no thread yet): a folder chosen there starts the thread in it. */
  thread?: ThreadSummary;
  /** A folder (or the plain chat) was chosen: the composer comes next. */
  onChosen?(): void;
}

/**
 * A new thread's first question: where should Claude work? Recent projects (the threads' and the terminal's),
 * Open folder… (the desktop's dialog; browser mode's path field), a folder dropped on the window, or a plain chat
 * in the default workspace. In a git project, the thread's own worktree is a switch.
 */
export function ProjectPicker({ thread, onChosen, note }: ProjectPickerProps) {
  const recent = useDesk((s) => s.recentProjects);
  const load = useDesk((s) => s.loadRecentProjects);
  const describe = useDesk((s) => s.describeFolder);
  const chooseProject = useDesk((s) => s.chooseProject);
  const createThread = useDesk((s) => s.createThread);
  const setUseWorktree = useDesk((s) => s.setUseWorktree);
  const chooseFolder = useDesk((s) => s.chooseFolder);
  const droppedPath = useDesk((s) => s.droppedFolderPath);
  const browser = useDesk((s) => s.appInfo?.host === 'web');
  const settingsWorktree = useDesk(worktreeDefault);
  const setProjectWorktrees = useDesk((s) => s.setProjectWorktrees);
  const updateThreadSettings = useDesk((s) => s.updateThreadSettings);
  const [facts, setFacts] = useState<ProjectFolder | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [showAll, setShowAll] = useState(false);
  // The switch moves at once; the host's answer follows (a refusal puts it back, with its sentence).
  const [pendingOwn, setPendingOwn] = useState<boolean | null>(null);
  const pathField = useRef<HTMLInputElement>(null);
  const chosen = thread?.settings.projectDir ?? '';
  const threadId = thread?.id;
  // The project's own switch, else Settings' default.
  const defaultWorktree = worktreeFor(facts, settingsWorktree);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    let current = true;
    if (!chosen) setFacts(null);
    else
      void describe(chosen).then(
        (f) => current && setFacts(f),
        () => current && setFacts(null),
      );
    return () => {
      current = false;
    };
  }, [chosen, describe]);

  // A new thread started in a git project (New thread in a selected project, or a folder chosen here) gets its
  // default from the host (the project's switch, else Settings'); until its answer the switch shows that default.

  const choose = useCallback(
    async (folder: ProjectFolder | null) => {
      if (folder && folder.state !== 'ok') return setProblem(folder.problem);
      // The first screen has no thread yet: a plain chat needs none until its first message, a folder starts one.
      if (!threadId && !folder) return onChosen?.();
      const id = threadId ?? (await createThread())?.id;
      if (!id) return;
      const refused = await chooseProject(id, folder);
      setProblem(refused ?? undefined);
      if (!refused) onChosen?.();
    },
    [chooseProject, createThread, threadId, onChosen],
  );
  const tryPath = useCallback(
    async (path: string) => choose(await describe(path).catch(() => null)),
    [choose, describe],
  );
  useFolderDrop(
    useCallback(
      (file: File) => {
        const path = droppedPath(file);
        if (path) return void tryPath(path);
        // A browser page is never told where a dropped folder lives.
        setProblem('A browser cannot tell Claude Desk where a dropped folder is; type its path here instead.');
        pathField.current?.focus();
      },
      [droppedPath, tryPath],
    ),
  );

  const openFolder = async () => {
    try {
      const picked = await chooseFolder('Choose the project folder');
      if (picked) await tryPath(picked);
    } catch (err) {
      setProblem(`The folder dialog did not open (${String(err)}); type the folder's path in the thread settings.`);
    }
  };
  // The project's switch for all its new threads; this thread (no message yet) follows it.
  const changeProjectWorktrees = async (folder: ProjectFolder, value: string) => {
    const choice = value === 'always' || value === 'first-edit' || value === 'never' ? value : null;
    try {
      const described = await setProjectWorktrees(folder.path, choice);
      setFacts(described);
      if (thread) {
        const refused =
          choice === 'first-edit'
            ? await updateThreadSettings(thread.id, { useWorktree: false, worktreeOnEdit: true })
            : await setUseWorktree(thread.id, worktreeFor(described, settingsWorktree));
        setProblem(refused ?? undefined);
      }
    } catch (err) {
      setProblem(`The project's worktree switch was not saved: ${errorText(err)}`);
    }
  };
  const list = recent ?? [];
  const shown = showAll ? list : list.slice(0, FIRST_RECENT);
  const git = facts?.state === 'ok' ? facts.git : undefined;
  return (
    <section className="project-picker" id={PROJECT_PICKER_ID} aria-labelledby="project-picker-title" tabIndex={-1}>
      <h2 id="project-picker-title">Where should Claude work?</h2>
      {/* No folder yet is the pressed "Plain chat" below: one name for it, not a second line saying the same. */}
      {chosen && (
        <p className="project-current" data-testid="project-current">
          <Icon name="folder" size={14} />
          <strong>{facts?.name ?? chosen}</strong> <span className="muted">{chosen}</span>
          {git?.branch && <span className="recent-project-branch">{git.branch}</span>}
        </p>
      )}
      {note}
      {facts && facts.state !== 'ok' && (
        <p className="folder-problem" role="alert">
          {facts.problem}
        </p>
      )}
      {recent === null ? (
        <p className="muted" role="status">
          Looking for recent projects…
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No recent projects yet: open a folder to start in one.</p>
      ) : (
        <RecentProjectList projects={shown} chosen={chosen} onChoose={(f) => void choose(f)} />
      )}
      {list.length > FIRST_RECENT && (
        <button type="button" className="btn btn-ghost project-show-all" onClick={() => setShowAll(!showAll)}>
          {showAll ? 'Show fewer' : `Show all ${list.length} projects`}
        </button>
      )}
      <div className="project-actions-row">
        {!browser && (
          <button type="button" className="btn" onClick={() => void openFolder()} data-testid="open-folder">
            <Icon name="folder" size={14} /> Open folder…
          </button>
        )}
        <button
          type="button"
          className={`btn ${chosen ? '' : 'chosen'}`}
          aria-pressed={!chosen}
          onClick={() => void choose(null)}
          data-testid="plain-chat"
        >
          <Icon name="chat" size={14} /> Plain chat <span className="muted">no folder</span>
        </button>
      </div>
      {browser ? (
        <FolderPathField ref={pathField} onSubmit={(p) => void tryPath(p)} problem={problem} />
      ) : (
        problem && (
          <p className="folder-problem" role="alert" data-testid="folder-problem">
            {problem}
          </p>
        )
      )}
      {git && thread && (
        <label className="worktree-switch">
          <input
            type="checkbox"
            role="switch"
            checked={pendingOwn ?? thread.settings.useWorktree ?? defaultWorktree}
            onChange={(e) => {
              setPendingOwn(e.target.checked);
              void setUseWorktree(thread.id, e.target.checked).then((refused) => {
                setPendingOwn(null);
                if (refused) setProblem(refused);
              });
            }}
            data-testid="own-worktree"
          />
          <span>
            <strong>Own worktree</strong>
            <span className="muted">
              {' '}
              Claude works on its own branch in a separate folder, so other threads and your checkout are untouched.
            </span>
          </span>
        </label>
      )}
      {git && thread && facts && (
        <div className="project-worktrees">
          <label>
            <span>New threads in {facts.name}</span>
            <select
              value={git.worktrees ?? ''}
              onChange={(e) => void changeProjectWorktrees(facts, e.target.value)}
              data-testid="project-worktrees"
            >
              <option value="">Settings’ default ({settingsWorktree ? 'own worktree' : 'in the folder itself'})</option>
              <option value="always">Always: each its own worktree</option>
              <option value="first-edit">When Claude first edits: its own worktree from then on</option>
              <option value="never">Never: in the folder itself</option>
            </select>
          </label>
          {git.worktrees === 'first-edit' && (
            <p className="muted" data-testid="project-worktrees-note">
              Threads of this project start in {facts.path} and only read there: one that just answers a question leaves
              no worktree or branch behind. The moment Claude first wants to change a file, the thread gets its own
              worktree and branch, and the edit happens there — never in your checkout.
            </p>
          )}
          {git.worktrees === 'never' && (
            <p className="muted" data-testid="project-worktrees-note">
              Threads of this project work in {facts.path} itself, shared with your checkout and the other threads:
              their edits land there directly.
            </p>
          )}
        </div>
      )}
      <p className="muted project-drop-hint">You can also drop a folder on this window.</p>
    </section>
  );
}
