import { PROCESS_TAG_ENV, type ProcessSweeper } from './process-sweep';
import { type StartProcess, startProcess } from './process-runner';

/**
 * A tiny watchdog that outlives a SIGKILLed app: it is started detached with its stdin a pipe from the
 * app, and when that pipe closes without a goodbye — the app crashed or was killed with SIGKILL, which no handler
 * in the app can catch — it kills every process tagged by this app instance (process-sweep.ts) and
 * leaves. Without it a Bash tool (and, without the OS wall, the CLI itself) ran on after the app died.
 * A POSIX shell script, not a second Node runtime: it waits in `read` for the app's whole life, which costs a
 * shell's megabyte or two instead of Node's ~40 MB. `$1` is the owner; a process is this owner's when an entry of
 * its environment starts with the tag prefix (Linux: /proc/<pid>/environ; macOS: `ps -E`). Then it removes the
 * dead app's turn scratch dirs (`$2`/`$3`*): they hold the MCP server's bearer token, which must not outlive the
 * app until its next start.
 */
export const REAPER_SCRIPT = `
prefix="${PROCESS_TAG_ENV}=$1."
said=""
while IFS= read -r line; do said="$said$line"; done
said="$said$line"
# "bye" first: the app shut down normally (its turns already ended), so nothing is swept.
case "$said" in *bye*) exit 0 ;; esac
tagged() {
  if [ -r /proc/self/environ ]; then
    for d in /proc/[0-9]*; do
      p="\${d#/proc/}"
      [ "$p" = "$$" ] && continue
      tr '\\000' '\\n' < "$d/environ" 2>/dev/null | while IFS= read -r e; do
        case "$e" in "$prefix"*) echo "$p"; break ;; esac
      done
    done
  elif [ -x /bin/ps ]; then
    list="$(/bin/ps -axEww -o pid=,command= 2>/dev/null)"
    printf '%s\\n' "$list" | while read -r p rest; do
      [ "$p" = "$$" ] && continue
      case " $rest" in *" $prefix"*) echo "$p" ;; esac
    done
  fi
}
round=0
while [ "$round" -lt 6 ]; do
  pids="$(tagged)"
  [ -z "$pids" ] && break
  kill -9 $pids 2>/dev/null
  round=$((round + 1))
  sleep 0.1
done
if [ -n "$2" ] && [ -n "$3" ]; then
  for d in "$2"/"$3"*; do
    [ -d "$d" ] && rm -rf -- "$d"
  done
fi
exit 0
`;

export interface OrphanReaper {
  /** The reaper's pid (tests), or undefined when it could not start. */
  readonly pid: number | undefined;
  /** Normal shutdown: the app already stopped its turns; the reaper leaves without sweeping. */
  close(): void;
  /** The pipe closes without a goodbye, as when the app is SIGKILLed: the reaper sweeps (tests). */
  abandon?(): void;
}

/** Where this app's turn scratch dirs are: `<dir>/<prefix>…` (turn-scratch-dir.ts names them by the app's pid). */
export interface ScratchDirs {
  dir: string;
  prefix: string;
}

export function startOrphanReaper(
  owner: string,
  scratch?: ScratchDirs,
  shell = '/bin/sh',
  start: StartProcess = startProcess,
): OrphanReaper {
  if (process.platform === 'win32') return { pid: undefined, close: () => {} };
  try {
    const args = ['-c', REAPER_SCRIPT, 'claude-desk-reaper', owner, scratch?.dir ?? '', scratch?.prefix ?? ''];
    const child = start(shell, args, {
      stdio: ['pipe', 'ignore', 'ignore'],
      ownGroup: true, // its own group: a Ctrl-C or group kill aimed at the app must not take it first
      env: { PATH: process.env.PATH || '/usr/bin:/bin' },
    });
    child.on('error', () => {});
    child.stdin?.on('error', () => {});
    child.unref();
    // The pipe must not keep the app's event loop alive either.
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    return { pid: child.pid, close: () => child.stdin?.end('bye\n'), abandon: () => child.stdin?.destroy() };
  } catch {
    return { pid: undefined, close: () => {} };
  }
}

/**
 * The app's sweeper, its watchdog started at the first tag — just before the first tagged spawn. A run that starts
 * no CLI (`claude-desk status`, a window never used) does not pay for the extra node process.
 */
export function reapedSweeper(
  sweeper: ProcessSweeper & { owner: string },
  onFirstTag: () => void = () => {},
  start: (owner: string) => OrphanReaper = startOrphanReaper,
): ProcessSweeper & { readonly reaperPid: number | undefined; close(): void } {
  let reaper: OrphanReaper | undefined;
  return {
    newTag: () => {
      if (!reaper) {
        reaper = start(sweeper.owner);
        onFirstTag();
      }
      return sweeper.newTag();
    },
    sweep: (tag) => sweeper.sweep(tag),
    sweepOutsideGroup: (tag, leader) => sweeper.sweepOutsideGroup(tag, leader),
    get reaperPid() {
      return reaper?.pid;
    },
    close: () => reaper?.close(),
  };
}
