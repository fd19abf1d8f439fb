import path from 'node:path';
import type { DeskHandlers } from '../../shared/contract';
import type { ThreadSettings } from '../../shared/threads';
import { workFolderOf } from '../../shared/work-folder';
import { GitCheckpoints } from '../../core/rewind/git-checkpoints';
import { CliCheckpoints } from '../../core/rewind/cli-checkpoints';
import { FileBackups } from '../../core/rewind/file-backups';
import { killProcessGroup } from '../../core/process-group';
import type { DeskFoundation } from '../settings/desk-foundation';
import type { ClaudeCodeLauncher } from '../settings/claude-code-launch';
import type { ThreadsWiring } from '../threads/threads-wiring';
import type { TurnsWiring } from '../turns/turns-wiring';
import type { TurnsPort } from '../turns/turns-port';
import { RewindService } from './rewind-service';
import { CliFileRewind } from './rewind-cli-files';

type RewindHandlers = Pick<
  DeskHandlers,
  'previewRewind' | 'rewindThread' | 'listBranches' | 'resendFrom' | 'switchBranch'
>;

/**
 * Rewind a thread's files and conversation to before one of its messages, and its branches. Built after the turns,
 * it registers its snapshots around every turn (unless `snapshots` is false: the bench's baseline) and what a
 * deleted thread leaves behind (its snapshot refs in the project's repository).
 */
export function wireRewind(
  f: Pick<DeskFoundation, 'layout'>,
  threads: Pick<ThreadsWiring, 'threads' | 'sessions' | 'forks' | 'peers'>,
  launcher: ClaudeCodeLauncher,
  turns: TurnsPort & Pick<TurnsWiring['port'], 'snapshotAround'>,
  snapshots = true,
) {
  const { layout } = f;
  const service = new RewindService({
    threads: threads.threads,
    sessions: threads.sessions,
    forks: threads.forks,
    checkpoints: new GitCheckpoints(),
    // Claude Code's own checkpoints, read and applied by a control-only process with a turn's CLI, PATH and key.
    cliFiles: new CliFileRewind(
      new CliCheckpoints({ launch: () => launcher.withEnv(), killGroup: killProcessGroup }),
      new FileBackups(path.join(layout.stateDir, 'rewind-backups')),
    ),
    projectDir: (thread) => workFolderOf(thread.settings, layout.workspaceDir),
    // Threads in the shared project folder share its files; a thread in a worktree of its own shares none.
    sharesTree: (thread, otherId) => {
      const other = threads.threads.summary(otherId)?.settings;
      const own = (s: ThreadSettings) => s.worktree !== undefined && s.worktree.state !== 'discarded';
      if (!other) return true; // a deleted thread's refs are forgotten with it; a stray one counts (the safe side)
      if (!own(thread.settings) && !own(other)) return true;
      return workFolderOf(thread.settings, layout.workspaceDir) === workFolderOf(other, layout.workspaceDir);
    },
    settled: (threadId) => turns.settled(threadId),
    discardProcesses: (threadId) => turns.discardIdle(threadId, 'the thread was rewound'),
    startTurn: turns.start,
  });
  if (snapshots) turns.snapshotAround(service);
  threads.peers.onBeforeDelete((threadId) => service.forget(threadId));
  const handlers: RewindHandlers = {
    previewRewind: async ({ threadId, messageId }) => service.preview(threadId, messageId),
    rewindThread: async ({ threadId, messageId, overwrite, scope }) =>
      service.rewind(threadId, messageId, overwrite, scope),
    listBranches: async ({ threadId }) => threads.threads.branches(threadId),
    resendFrom: (input) => service.resendFrom(input),
    switchBranch: async ({ threadId, branchId }) => service.switchBranch(threadId, branchId),
  };
  return { service, handlers };
}
