/**
 * Signal a child's whole process group (the child was spawned `detached`, so it leads one): every
 * grandchild — shells, MCP servers, a login shell's rc jobs — goes with it and none is orphaned.
 * Windows has no process groups; there only the child itself is signalled.
 */
export function killProcessGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    if (process.platform === 'win32') process.kill(pid, signal);
    else process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
