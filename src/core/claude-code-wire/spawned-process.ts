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

/** How long a child's pipe is drained after it exited: a descendant that escaped its group may hold it open. */
const DRAIN_LIMIT_MS = 1_000;

/** Resolves once the stream has ended, closed or failed — or after DRAIN_LIMIT_MS at the latest. */
export function streamEnded(stream: NodeJS.ReadableStream | null): Promise<void> {
  if (!stream) return Promise.resolve();
  const s = stream as NodeJS.ReadableStream & { readableEnded?: boolean; destroyed?: boolean };
  if (s.readableEnded || s.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, DRAIN_LIMIT_MS);
    function done(): void {
      clearTimeout(timer);
      resolve();
    }
    stream.once('end', done);
    stream.once('close', done);
    stream.once('error', done);
  });
}
