/**
 * The History for every front door: Claude Code's sessions from the index, tied to the threads
 * that continue them, searched together with the threads, continued as threads, exported as Markdown.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { HistoryPage, HistorySearchHit, HistorySession, HistoryStats } from '../../shared/history';
import type { ThreadSettings } from '../../shared/threads';
import type { HistoryIndex } from '../../core/history/history-index';
import { worktreeOfFolder, type WorktreeOf } from '../../core/history/worktree-of-folder';
import { markdownFileName, toMarkdown } from '../../core/history/export-markdown';
import { readTranscriptPage, readWholeTranscript, SessionNotFoundError } from '../../core/history/transcript-pages';
import type { SessionCostsStore } from '../../core/store/session-costs-store';
import type { SessionsStore } from '../../core/store/sessions-store';
import type { ThreadsStore } from '../../core/store/threads-store';

export interface HistoryServiceDeps {
  index: HistoryIndex;
  sessions: SessionsStore;
  threads: ThreadsStore;
  /** The CLI's running cost per session, from which the turn engine tells each turn's own cost. */
  sessionCosts: Pick<SessionCostsStore, 'setLastCost'>;
  /** A checked project folder for a new thread (handlers' checkProjectDir); throws a sentence. */
  projectDir: (dir: string) => Promise<string>;
  notice?: (message: string) => void;
  /** Someone looked at the History: the host starts watching the CLI's sessions now rather than later. */
  onListed?: () => void;
}

export class HistoryService {
  private refreshing: Promise<unknown> | undefined;
  /** Each thread's branch sessions, read once per change of the thread (its updatedAt). */
  private readonly branchSessions = new Map<string, { updatedAt: number; sessionIds: string[] }>();
  /** Each session folder's repository, when it is a linked worktree of one (read once per folder). */
  private readonly worktreeOf = new Map<string, Promise<WorktreeOf | undefined>>();

  constructor(private readonly deps: HistoryServiceDeps) {}

  /** Sessions as indexed now; a background refresh picks up anything the watcher missed. */
  async list(): Promise<HistorySession[]> {
    this.deps.onListed?.();
    this.refreshSoon();
    const tied = await this.tiedThreads();
    await this.addBranchSessions(tied);
    return this.withRepos(groupBranches(this.deps.index.list((id) => tied.get(id))));
  }

  /** Wait for a full refresh (the command line: it has no watcher running). */
  async refreshNow(): Promise<void> {
    await this.deps.index.refreshAll();
  }

  page(sessionId: string, before?: number): Promise<HistoryPage> {
    return readTranscriptPage(this.deps.index, sessionId, before);
  }

  /**
   * Sessions and threads whose text holds the query, newest first — each piece of work once: a session a thread
   * continues (or one of its branches) is that thread, found as the thread when its text matched too, else as the
   * thread's latest matching session.
   */
  async search(query: string, limit = 50): Promise<HistorySearchHit[]> {
    const tied = await this.tiedThreads();
    await this.addBranchSessions(tied);
    const [sessions, threads] = await Promise.all([
      this.deps.index.search(query, limit),
      this.deps.threads.search(query, limit),
    ]);
    const threadHits = new Set(threads.map((t) => t.thread.id));
    const shown = new Set<string>();
    const hits: HistorySearchHit[] = [];
    for (const h of [...sessions].sort((a, b) => b.session.lastAt - a.session.lastAt)) {
      const threadId = tied.get(h.session.id);
      if (threadId && (threadHits.has(threadId) || shown.has(threadId))) continue;
      if (threadId) shown.add(threadId);
      const [session] = await this.withRepos([threadId ? { ...h.session, threadId } : h.session]);
      hits.push({ kind: 'session', session: session!, snippet: h.snippet });
    }
    for (const t of threads) hits.push({ kind: 'thread', thread: t.thread, snippet: t.snippet });
    const at = (h: HistorySearchHit): number => (h.kind === 'session' ? h.session.lastAt : h.thread.updatedAt);
    return hits.sort((a, b) => at(b) - at(a)).slice(0, limit);
  }

  setPinned(sessionId: string, pinned: boolean): Promise<void> {
    return this.deps.index.setPinned(sessionId, pinned);
  }

  stats(): Promise<HistoryStats> {
    return this.deps.index.stats();
  }

  /**
   * The thread that continues a session: the one already tied to it, or a new thread in the session's
   * folder holding the whole session (the chat list renders only the rows in view, so a long one opens as fast),
   * whose next message resumes the same CLI session (`--resume <id>`). When the CLI has deleted the transcript,
   * that resume fails and the engine's stale-session fallback hands a fresh session the thread's messages instead
   * (as many of the latest as fit its cap). The session's cost so far is the thread's cost before continuing:
   * the CLI's running total on resume includes it, and the next turn's own cost is the increase over it.
   */
  async continueSession(sessionId: string): Promise<{ threadId: string; created: boolean }> {
    const tied = (await this.tiedThreads()).get(sessionId);
    if (tied && this.deps.threads.summary(tied)) return { threadId: tied, created: false };
    const session = this.deps.index.get(sessionId);
    if (!session) throw new SessionNotFoundError(`No Claude Code session ${sessionId} in the history.`);
    const settings: ThreadSettings = {};
    const exists = await fs.stat(session.project).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (exists) settings.projectDir = await this.deps.projectDir(session.project);
    else this.deps.notice?.(`The folder ${session.project} no longer exists; the thread works in the default folder.`);
    const messages = await readWholeTranscript(this.deps.index, sessionId);
    const thread = await this.deps.threads.create({ title: session.title, settings });
    await this.deps.threads.importMessages(thread.id, messages, session.costUsd);
    if (session.costUsd !== undefined) await this.deps.sessionCosts.setLastCost(sessionId, session.costUsd);
    await this.deps.sessions.set(thread.id, sessionId);
    return { threadId: thread.id, created: true };
  }

  async exportMarkdown(input: {
    sessionId?: string;
    threadId?: string;
  }): Promise<{ fileName: string; markdown: string }> {
    if (input.threadId) {
      const thread = await this.deps.threads.get(input.threadId);
      if (!thread) throw new Error('This thread no longer exists.');
      const markdown = toMarkdown(
        { title: thread.title, project: thread.settings.projectDir, at: thread.updatedAt },
        thread.messages,
      );
      return { fileName: markdownFileName(thread.title), markdown };
    }
    const id = input.sessionId ?? '';
    const session = this.deps.index.get(id);
    if (!session) throw new SessionNotFoundError(`No Claude Code session ${id} in the history.`);
    const messages = await readWholeTranscript(this.deps.index, id);
    const markdown = toMarkdown(
      { title: session.title, project: session.project, sessionId: id, at: session.lastAt },
      messages,
    );
    return { fileName: markdownFileName(session.title), markdown };
  }

  /**
   * Each session in a linked worktree marked with its repository and branch: from its thread's worktree when a
   * thread continues it (that survives the worktree's removal), else from git's files in the folder.
   */
  private async withRepos(sessions: HistorySession[]): Promise<HistorySession[]> {
    return Promise.all(
      sessions.map(async (s) => {
        const own = s.threadId ? this.deps.threads.summary(s.threadId)?.settings.worktree : undefined;
        const inside = own && (s.project === own.path || s.project.startsWith(own.path + path.sep));
        const found = inside ? { repo: own.repo, branch: own.branch } : await this.folderWorktree(s.project);
        return found && found.repo !== s.project ? { ...s, ...found } : s;
      }),
    );
  }

  private folderWorktree(dir: string): Promise<WorktreeOf | undefined> {
    let found = this.worktreeOf.get(dir);
    if (!found) {
      found = worktreeOfFolder(dir).catch(() => undefined);
      this.worktreeOf.set(dir, found);
    }
    return found;
  }

  private async tiedThreads(): Promise<Map<string, string>> {
    const map = await this.deps.sessions.threadsBySession();
    for (const [sessionId, threadId] of map) if (!this.deps.threads.summary(threadId)) map.delete(sessionId);
    return map;
  }

  /** The sessions a thread's earlier branches live in (forks by Regenerate, Edit & resend, Rewind) → the thread. */
  private async addBranchSessions(tied: Map<string, string>): Promise<void> {
    for (const threadId of new Set(tied.values())) {
      const summary = this.deps.threads.summary(threadId);
      if (!summary) continue;
      let known = this.branchSessions.get(threadId);
      if (known?.updatedAt !== summary.updatedAt) {
        const thread = await this.deps.threads.get(threadId);
        const sessionIds = (thread?.branches ?? []).flatMap((b) => (b.sessionId ? [b.sessionId] : []));
        known = { updatedAt: summary.updatedAt, sessionIds };
        this.branchSessions.set(threadId, known);
      }
      for (const sessionId of known.sessionIds) if (!tied.has(sessionId)) tied.set(sessionId, threadId);
    }
  }

  private refreshSoon(): void {
    this.refreshing ??= this.deps.index.refreshAll().finally(() => (this.refreshing = undefined));
  }
}

/**
 * One row per thread: a thread's sessions (its current one and the ones its branches were forked into) show as its
 * latest, which says how many there are, instead of as identical rows. Sessions of no thread stay as they are.
 */
export function groupBranches(sessions: HistorySession[]): HistorySession[] {
  const latest = new Map<string, HistorySession>();
  const counts = new Map<string, number>();
  for (const s of sessions) {
    if (!s.threadId) continue;
    counts.set(s.threadId, (counts.get(s.threadId) ?? 0) + 1);
    const seen = latest.get(s.threadId);
    if (!seen || s.lastAt > seen.lastAt) latest.set(s.threadId, s);
  }
  return sessions.flatMap((s) => {
    if (!s.threadId) return [s];
    if (latest.get(s.threadId) !== s) return [];
    const n = counts.get(s.threadId) ?? 1;
    return [n > 1 ? { ...s, branches: n } : s];
  });
}
