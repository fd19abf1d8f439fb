import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { SandboxState } from '../../shared/cli-status.js';
import { bwrapArgs } from './bwrap-args.js';
import { probeBwrap, type ProbeResult, type ProbeRunner } from './probe-bwrap.js';
import { defaultRealPath, resolveRealPath, type RealPathFn } from './real-path.js';
import { seatbeltProfile } from './seatbelt-profile.js';

export const SANDBOX_EXEC = '/usr/bin/sandbox-exec';
export const SANDBOX_ENV = 'CLAUDE_DESK_SANDBOX';
export const SEATBELT_PROFILE_NAME = 'turn.sb';

export interface WrappedCommand {
  file: string;
  args: string[];
  /** Files the command reads, for the turn's scratch dir (name → content): whoever spawns writes them there. */
  files?: Record<string, string>;
}

/** The wall chosen for this machine, and how to put a turn's command behind it. */
export interface Sandbox extends SandboxState {
  /**
   * The command to spawn instead of `file args…`, with any file it needs in `scratchDir`, the turn's own temp
   * dir (Seatbelt's profile). Writes nothing itself, so a turn can be planned in memory and compared with the
   * process kept for it before any file exists. `scratchDir` must lie outside the private dirs, or the CLI
   * could not read the scratch files (MCP config, prompt files) it is given. A plain function (no `this`), the
   * same for the wall's life: a turn passes it on as it is, and a spawn plan made with it is reused (describeSpawn).
   */
  wrap: (file: string, args: readonly string[], scratchDir: string) => Promise<WrappedCommand>;
}

export interface SelectSandboxDeps {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** Directories the CLI must neither read nor write: `dataDirLayout(root).stateDir`. */
  privateDirs: readonly string[];
  /** Whether a file exists (for /usr/bin/sandbox-exec). */
  exists?: (file: string) => boolean;
  /** The absolute path of a command on PATH, or null. */
  which?: (command: string, env: NodeJS.ProcessEnv) => string | null;
  realpath?: RealPathFn;
  probe?: ProbeRunner;
  /** Cache of probe results (bwrap + dirs → result); a module-wide one by default, so it runs once. */
  probeCache?: Map<string, Promise<ProbeResult>>;
  ensureDir?: (dir: string) => Promise<void>;
}

const sharedProbeCache = new Map<string, Promise<ProbeResult>>();

export async function selectSandbox(deps: SelectSandboxDeps): Promise<Sandbox> {
  const { platform, env } = deps;
  const realpath = deps.realpath ?? defaultRealPath;
  if (env[SANDBOX_ENV] === '0') return unconfined(`disabled by ${SANDBOX_ENV}=0`);
  if (platform === 'win32') return unconfined('not available on Windows: the CLI runs unconfined');
  if (platform === 'darwin') return selectSeatbelt(deps, realpath);
  if (platform === 'linux') return selectBubblewrap(deps, realpath);
  return unconfined(`no OS wall on ${platform}: the CLI runs unconfined`);
}

function selectSeatbelt(deps: SelectSandboxDeps, realpath: RealPathFn): Sandbox {
  const exists = deps.exists ?? fs.existsSync;
  if (!exists(SANDBOX_EXEC)) return unconfined(`${SANDBOX_EXEC} not found: the CLI runs unconfined`);
  let profile: string;
  try {
    profile = seatbeltProfile(deps.privateDirs, realpath);
  } catch (err) {
    // Unexpressible path (newline, NUL): say so on the status card rather than fail every turn.
    return unconfined(`${(err as Error).message}; move the data dir (CLAUDE_DESK_DATA_DIR) to enable the wall`);
  }
  const walled = resolvedDirs(deps.privateDirs, realpath);
  const realParent = realParentOnce(realpath);
  return {
    kind: 'seatbelt',
    reason: `sandbox-exec denies the CLI access to ${deps.privateDirs.join(', ')}`,
    async wrap(file, args, scratchDir) {
      assertOutside(scratchDir, walled, realParent);
      // Written 0600 with the turn's other scratch files: the profile names the private dir; nobody else needs
      // to read it. sandbox-exec reads it before the wall goes up, so it may live anywhere the app can write.
      const profileFile = path.join(scratchDir, SEATBELT_PROFILE_NAME);
      // sandbox-exec stops parsing its options at the first operand (BSD getopt), so the CLI's argv
      // after `file` is passed through untouched. A relative `file` starting with "-" would be
      // taken for an option: make it a path.
      const command = file.startsWith('-') ? `./${file}` : file;
      return {
        file: SANDBOX_EXEC,
        args: ['-f', profileFile, command, ...args],
        files: { [SEATBELT_PROFILE_NAME]: profile },
      };
    },
  };
}

async function selectBubblewrap(deps: SelectSandboxDeps, realpath: RealPathFn): Promise<Sandbox> {
  const bwrap = (deps.which ?? whichOnPath)('bwrap', deps.env);
  if (!bwrap) {
    return unconfined(
      'bwrap not found: install bubblewrap (apt install bubblewrap, dnf install bubblewrap, pacman -S bubblewrap) to wall off Claude Desk’s private files; the CLI runs unconfined',
    );
  }
  // Create the private dirs first: bwrap would otherwise create the mount points itself (on the real
  // filesystem, through `--dev-bind / /`) with whatever mode its umask gives.
  const ensureDir =
    deps.ensureDir ?? (async (dir: string) => void (await fsp.mkdir(dir, { recursive: true, mode: 0o700 })));
  try {
    for (const dir of deps.privateDirs) await ensureDir(dir);
  } catch (err) {
    return unconfined(`cannot create the private dir (${(err as Error).message}); the CLI runs unconfined`);
  }
  // A mount covers every path leading to the directory, so one tmpfs on the real location is enough.
  const walled = resolvedDirs(deps.privateDirs, realpath);
  let probeArgs: string[];
  try {
    probeArgs = bwrapArgs(walled, 'true', []);
  } catch (err) {
    return unconfined(`${(err as Error).message}; the CLI runs unconfined`);
  }
  const cache = deps.probeCache ?? sharedProbeCache;
  const key = [bwrap, ...walled].join('\0');
  let pending = cache.get(key);
  if (!pending) {
    pending = (deps.probe ?? probeBwrap)(bwrap, probeArgs);
    cache.set(key, pending);
  }
  const probe = await pending;
  if (!probe.ok) {
    return unconfined(
      `bwrap is installed but a test run failed (${probe.detail}); unprivileged user namespaces may be disabled. The CLI runs unconfined`,
    );
  }
  const realParent = realParentOnce(realpath);
  return {
    kind: 'bubblewrap',
    reason: `bubblewrap hides ${deps.privateDirs.join(', ')} from the CLI`,
    async wrap(file, args, scratchDir) {
      assertOutside(scratchDir, walled, realParent);
      return { file: bwrap, args: bwrapArgs(walled, file, args) };
    },
  };
}

function unconfined(reason: string): Sandbox {
  return {
    kind: 'none',
    reason,
    wrap: async (file, args) => ({ file, args: [...args] }),
  };
}

function resolvedDirs(dirs: readonly string[], realpath: RealPathFn): string[] {
  return [...new Set(dirs.map((d) => resolveRealPath(d, realpath)))];
}

/**
 * The real path of a scratch dir's parent, looked up once per parent: every turn plans its dir under the same one
 * (the temp dir), and resolving the planned path — which does not exist yet, so each step up throws — cost every
 * turn's first token ~0.3 ms of this thread. The dir itself is new (mkdtemp), never a link.
 */
function realParentOnce(realpath: RealPathFn): (scratchDir: string) => string {
  const known = new Map<string, string>();
  return (scratchDir) => {
    const parent = path.dirname(path.resolve(scratchDir));
    let real = known.get(parent);
    if (real === undefined) {
      real = resolveRealPath(parent, realpath);
      known.set(parent, real);
    }
    return path.join(real, path.basename(scratchDir));
  };
}

function assertOutside(scratchDir: string, walled: readonly string[], resolve: (dir: string) => string): void {
  const real = resolve(scratchDir);
  for (const dir of walled) {
    if (real === dir || real.startsWith(`${dir}${path.sep}`)) {
      throw new Error(
        `Sandbox: the turn's scratch dir ${scratchDir} is inside the walled ${dir}; the CLI could not read its files`,
      );
    }
  }
}

/** PATH lookup for a POSIX command (bwrap is Linux-only, so no PATHEXT handling). */
export function whichOnPath(command: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue; // a relative PATH entry would depend on our cwd
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
