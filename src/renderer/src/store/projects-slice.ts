import { getApi, pathOfDroppedFile } from '../api';
import type { FolderCompletion, ProjectFolder, ProjectWorktrees } from '../../../shared/projects';
import type { ThreadSummary } from '../../../shared/threads';
import { errorText, type DeskState, type Slice } from './desk-state';

/** The sidebar's key of the default workspace's group (threads without a project folder of their own). */
export const DEFAULT_WORKSPACE_KEY = '';

/** Projects: the folders a thread may work in, and how the sidebar shows them (folded, pinned). */
export interface ProjectsSlice {
  /** Recent folders (threads' and the CLI's own sessions'), most recent first; null until asked. */
  recentProjects: ProjectFolder[] | null;
  /** Sidebar groups the user folded, by project dir ('' = the default workspace); saved with the window state. */
  collapsedProjects: string[];
  /** Sidebar groups kept on top, in the order pinned; saved with the window state. */
  pinnedProjects: string[];
  /** The project of the sidebar row last focused (a group heading or a thread): "New thread" starts there. */
  sidebarProject: string | null;
  setSidebarProject(project: string | null): void;
  loadRecentProjects(): Promise<void>;
  /** One folder's facts (exists? git? branch?) with its sentence when it cannot be used. */
  describeFolder(path: string): Promise<ProjectFolder>;
  /** Browser mode's path field: folder names under what was typed. */
  completeFolder(prefix: string): Promise<FolderCompletion>;
  /** The desktop's path of a folder dropped on the window; null in browser mode (a page gets no paths). */
  droppedFolderPath(file: File): string | null;
  toggleProjectCollapsed(project: string): void;
  pinProject(project: string, pinned: boolean): void;
  /**
   * Before its first message, the thread works in `folder` (null: a plain chat in the default workspace). In a git
   * project the host switches the thread's own worktree to the project's default (its switch, else Settings'). Resolves to the host's sentence, or null.
   */
  chooseProject(threadId: string, folder: ProjectFolder | null): Promise<string | null>;
  /** The empty state's "Own worktree" switch. */
  setUseWorktree(threadId: string, on: boolean): Promise<string | null>;
  /** A git project's own switch for its new threads (null: Settings' default): the folder as described again. */
  setProjectWorktrees(path: string, choice: ProjectWorktrees | null): Promise<ProjectFolder>;
}

declare module './desk-state' {
  interface DeskState extends ProjectsSlice {}
}

/** A new thread's own worktree in `folder` (a git one): the project's switch, else Settings' default. */
export function worktreeFor(folder: ProjectFolder | null | undefined, settingsDefault: boolean): boolean {
  const own = folder?.git?.worktrees;
  // "When Claude first edits": no worktree at the first message (it comes with Claude's first edit).
  return own === 'always' ? true : own === 'never' || own === 'first-edit' ? false : settingsDefault;
}

/** Settings' default for a new thread's own worktree in a git project (the setting may not exist yet: then on). */
export function worktreeDefault(s: Pick<DeskState, 'settings'>): boolean {
  const setting = (s.settings as { newThreadWorktree?: unknown } | null)?.newThreadWorktree;
  return typeof setting === 'boolean' ? setting : true;
}

/**
 * Where "New thread" starts: the sidebar's project filter, else the project of the sidebar row last focused, else
 * the open thread's project; '' = the default workspace.
 */
export function selectedProject(
  s: Pick<DeskState, 'projectFilter' | 'threads' | 'activeThreadId' | 'sidebarProject'>,
): string {
  if (s.projectFilter !== null) return s.projectFilter;
  if (s.sidebarProject !== null) return s.sidebarProject;
  const open: ThreadSummary | undefined = s.threads.find((t) => t.id === s.activeThreadId);
  return open?.settings.projectDir ?? DEFAULT_WORKSPACE_KEY;
}

const toggle = (list: string[], key: string, on: boolean): string[] =>
  on ? [...list.filter((k) => k !== key), key] : list.filter((k) => k !== key);

export const createProjectsSlice: Slice<ProjectsSlice> = (set, get) => ({
  recentProjects: null,
  collapsedProjects: [],
  pinnedProjects: [],
  sidebarProject: null,

  setSidebarProject(sidebarProject) {
    set({ sidebarProject });
  },

  async loadRecentProjects() {
    try {
      set({ recentProjects: await getApi().listRecentProjects() });
    } catch (err) {
      set((s) => ({ recentProjects: s.recentProjects ?? [] }));
      get().pushNotice('error', `Could not list recent projects: ${errorText(err)}`);
    }
  },

  describeFolder: (path) => getApi().describeFolder({ path }),
  completeFolder: (prefix) => getApi().completeFolder({ prefix }),
  droppedFolderPath: (file) => pathOfDroppedFile(file),

  toggleProjectCollapsed(project) {
    set((s) => ({
      collapsedProjects: toggle(s.collapsedProjects, project, !s.collapsedProjects.includes(project)),
    }));
  },

  pinProject(project, pinned) {
    set((s) => ({ pinnedProjects: toggle(s.pinnedProjects, project, pinned) }));
  },

  async chooseProject(threadId, folder) {
    const settings = folder
      ? // A git folder: the host applies its default (the project's switch, else Settings'), which falls back with a
        // notice where no worktree can be made (no commit yet) instead of refusing the folder.
        folder.git
        ? { projectDir: folder.path }
        : { projectDir: folder.path, useWorktree: false }
      : { projectDir: '', useWorktree: false };
    const refused = await get().updateThreadSettings(threadId, settings);
    // The sidebar's filter follows the choice, so the new thread stays in view under its project.
    if (!refused && get().projectFilter !== null) set({ projectFilter: folder?.path ?? DEFAULT_WORKSPACE_KEY });
    return refused;
  },

  setUseWorktree: (threadId, on) => get().updateThreadSettings(threadId, { useWorktree: on }),
  setProjectWorktrees: (path, choice) => getApi().setProjectWorktrees({ path, choice }),
});
