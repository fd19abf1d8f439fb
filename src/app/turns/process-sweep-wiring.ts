import { defaultSweeper, sweepOrphans } from '../../core/process-sweep';
import { reapedSweeper, startOrphanReaper } from '../../core/orphan-reaper';
import os from 'node:os';
import { SCRATCH_PREFIX, sweepStaleScratchDirs } from '../../core/turn/turn-scratch-dir';
import type { Logger } from '../../core/log/logger';
import type { HostProfile } from '../host-profile';

/**
 * Every CLI this app spawns is tagged; if the app dies (even by SIGKILL) the reaper ends what carries its tag, and
 * a start ends what a dead earlier instance left behind (tool processes). A short-lived host (the command line)
 * looks for those only when it starts a CLI itself, so `claude-desk status` stays quick.
 */
export function wireProcessSweep(log: Logger, profile: Pick<HostProfile, 'sweepOnStart'>, tmpRoot?: string) {
  // After a crash, the scratch dirs (which hold an MCP token) of dead instances are removed.
  void sweepStaleScratchDirs(tmpRoot);
  const sweepEarlier = (): void =>
    void sweepOrphans().then(
      (n) => n > 0 && log.warn(`Ended ${n} process(es) left running by an earlier Claude Desk that did not shut down.`),
    );
  // The reaper also removes this app's scratch dirs if it dies: their token must not wait for the next start.
  const scratch = { dir: tmpRoot ?? os.tmpdir(), prefix: `${SCRATCH_PREFIX}${process.pid}-` };
  const sweeper = reapedSweeper(defaultSweeper(), profile.sweepOnStart ? undefined : sweepEarlier, (owner) =>
    startOrphanReaper(owner, scratch),
  );
  if (profile.sweepOnStart) sweepEarlier();
  return { sweeper, close: () => sweeper.close() };
}
