import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { processAlive as alive } from './process-group';
import { runToEndSync } from './process-runner';

/**
 * Every CLI process Claude Desk spawns carries a tag in its environment, `CLAUDE_DESK_PROCESS_TAG=<owner>.<n>`,
 * and so does everything it starts: Claude Code runs each Bash tool in a process group of its own, so
 * signalling the CLI's group misses them, and once the CLI is gone they are adopted by init and nothing
 * else links them to the turn. The environment is inherited through fork/exec, bwrap and `setsid`, so
 * the tag still finds them. `<owner>` names this app instance (its pid first, so a later start can tell
 * a dead owner's leftovers); `<n>` one spawned process — per process, not per turn, so a CLI kept for
 * the next turn is never swept with the turn before.
 */
export const PROCESS_TAG_ENV = 'CLAUDE_DESK_PROCESS_TAG';

export interface ProcessSweeper {
  /** A fresh tag for one spawn (put it in the child's env under PROCESS_TAG_ENV). */
  newTag(): string;
  /** SIGKILL every process carrying exactly this tag; resolves with how many were found. */
  sweep(tag: string): Promise<number>;
  /**
   * SIGKILL what carries this tag outside the process group `leader` leads, and resolve true once none is left:
   * what a CLI kept for its thread's next turn has left of a turn's tools — Claude Code starts each Bash in a group
   * of its own, and a `cmd &` it leaves behind is adopted by init — while the CLI and its own group (stdio MCP
   * servers, the wall's bwrap) stay.
   */
  sweepOutsideGroup(tag: string, leader: number): Promise<boolean>;
}

export interface TaggedProcess {
  pid: number;
  tag: string;
  /** Its process group; undefined where it could not be read. */
  pgid?: number;
}

/** The tagged processes on this machine (own user's, or all as root). Linux reads /proc; macOS asks ps. */
export function listTagged(platform: NodeJS.Platform = process.platform): TaggedProcess[] {
  if (platform === 'linux') return listFromProc();
  if (platform === 'darwin') return listFromPs();
  return []; // Windows: no inherited-env view; the CLI's own tree kill (taskkill /T) is the fallback
}

const TAG_PREFIX = `${PROCESS_TAG_ENV}=`;

function listFromProc(): TaggedProcess[] {
  const out: TaggedProcess[] = [];
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    let environ: string;
    try {
      environ = fs.readFileSync(`/proc/${name}/environ`, 'latin1');
    } catch {
      continue; // gone meanwhile, or another user's
    }
    const at = environ.indexOf(TAG_PREFIX);
    if (at < 0 || (at > 0 && environ[at - 1] !== '\0')) continue;
    const end = environ.indexOf('\0', at);
    out.push({ pid, tag: environ.slice(at + TAG_PREFIX.length, end < 0 ? undefined : end), pgid: procGroup(name) });
  }
  return out;
}

/** The process group from /proc/<pid>/stat: the fields after the command's closing parenthesis are state, ppid, pgrp. */
function procGroup(pid: string): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    return Number.isInteger(pgid) ? pgid : undefined;
  } catch {
    return undefined;
  }
}

function listFromPs(): TaggedProcess[] {
  // -E appends each (own) process's environment to its command line.
  const text = runToEndSync('/bin/ps', ['-axEww', '-o', 'pid=,pgid=,command='], {
    timeoutMs: 5000,
    maxOutputBytes: 64 << 20,
  });
  if (text === undefined) return [];
  const out: TaggedProcess[] = [];
  const re = new RegExp(`(?:^|\\s)${TAG_PREFIX}(\\S+)`);
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s(.*)$/.exec(line);
    const tag = m && re.exec(m[3] as string)?.[1];
    if (m && tag && Number(m[1]) !== process.pid) out.push({ pid: Number(m[1]), tag, pgid: Number(m[2]) });
  }
  return out;
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * SIGKILL what matches, a few rounds apart: a process caught mid-fork can leave a child that the
 * first listing did not see yet.
 */
export async function sweepWhere(match: (p: TaggedProcess) => boolean, list = listTagged): Promise<number> {
  const killed = new Set<number>();
  for (let round = 0; round < 3; round++) {
    const found = list().filter(match);
    if (found.length === 0) break;
    for (const p of found) {
      killed.add(p.pid);
      kill(p.pid);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return killed.size;
}

/** This app instance's sweeper: tags `<pid>-<random>.<n>`. */
export function createProcessSweeper(list: () => TaggedProcess[] = listTagged): ProcessSweeper & { owner: string } {
  const owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  let n = 0;
  return {
    owner,
    newTag: () => `${owner}.${++n}`,
    sweep: (tag) => sweepWhere((p) => p.tag === tag, list),
    sweepOutsideGroup: async (tag, leader) => {
      // A process whose group could not be read is left alone: it may be the CLI's own.
      const stray = (p: TaggedProcess) =>
        p.tag === tag && p.pid !== leader && p.pgid !== undefined && p.pgid !== leader;
      // Nothing found is the usual case: one listing, no second look.
      return (await sweepWhere(stray, list)) === 0 || !list().some(stray);
    },
  };
}

/** The pid of the app instance that spawned a tagged process (the tag's first field). */
export function ownerPid(tag: string): number | undefined {
  const m = /^(\d+)-/.exec(tag);
  return m ? Number(m[1]) : undefined;
}

/**
 * At start: what earlier instances that died without cleaning up (SIGKILL, a crash, power) left
 * running. Their owner pid is gone; processes of a live instance (another window) are left alone.
 */
export function sweepOrphans(list = listTagged): Promise<number> {
  return sweepWhere((p) => {
    const owner = ownerPid(p.tag);
    return owner !== undefined && owner !== process.pid && !alive(owner);
  }, list);
}

let shared: (ProcessSweeper & { owner: string }) | undefined;

/** One sweeper per app process: its owner id is what the orphan reaper watches for. */
export function defaultSweeper(): ProcessSweeper & { owner: string } {
  return (shared ??= createProcessSweeper());
}
