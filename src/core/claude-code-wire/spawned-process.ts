import { startProcess, type ChildHandle } from '../process-runner';

/**
 * The narrow slice of a child process the turn needs (after the Agent SDK's `SpawnedProcess`), so a
 * real process and an in-memory fake fit the same slot.
 */
export interface SpawnedProcess extends Omit<ChildHandle, 'on'> {
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

export interface SpawnOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export type Spawner = (file: string, args: string[], options: SpawnOptions) => SpawnedProcess;

/** Signal a whole process group (POSIX) so tools the CLI started stop with it. */
export type GroupKiller = (pid: number, signal: NodeJS.Signals) => void;

/**
 * The real spawner. `detached: true` makes the child the leader of its own process group, so
 * `kill(-pid)` reaches every grandchild (shells, MCP servers it launched) and none is orphaned.
 */
export const spawnInOwnGroup: Spawner = (file, args, { cwd, env }) =>
  startProcess(file, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], ownGroup: true });

/** The real GroupKiller. */
export { killProcessGroup } from '../process-group';
