import type { CliSource, LookupStep } from '../../shared/cli-status.js';
import { parseCmdShim } from './cmd-shim.js';
import type { LookupFs } from './file-check.js';
import { binaryNames, fallbackEntries, userBinDirs } from './lookup-locations.js';
import type { LoginShellResult } from './login-shell-path.js';
import { readNpmPrefix } from './npm-prefix.js';
import { pathApi, pathKey, readPathVar, splitPathList } from './path-list.js';
import type { RunCommand } from './run-command.js';

/** What to spawn: usually the binary itself; for a Windows npm shim, `node <cli.js>`. */
export interface CliCommand {
  file: string;
  args: string[];
}

export interface FoundCli {
  /** The binary (or, for a Windows shim, the script it runs): what the status card shows. */
  path: string;
  /** The file at the searched location (the binary, or the `.cmd` shim that led to it). */
  location: string;
  source: CliSource;
  command: CliCommand;
  /** PATH entries the turn's child should get around its inherited PATH. */
  pathAdditions: { prepend: string[]; append: string[] };
}

export interface LookupResult {
  found: FoundCli | null;
  /** When nothing usable was found: the first candidate that existed but could not be run. */
  unusable?: { path: string; reason: string };
  /** Set when CLAUDE_DESK_CLI was given (then nothing else is searched). */
  override?: string;
  steps: LookupStep[];
  /** The login shell's PATH, when it was asked during this lookup. */
  loginShell?: LoginShellResult;
}

export interface FindDeps {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  home: string;
  run: RunCommand;
  fs: LookupFs;
  /** Cached `$SHELL -ilc` PATH (see LoginShellPathCache). */
  loginShell: () => Promise<LoginShellResult>;
  npmTimeoutMs?: number;
}

type Candidate = { ok: true; found: Omit<FoundCli, 'pathAdditions'> } | { ok: false; unusable?: string };

/** Ordered lookup: override → app PATH → login-shell PATH → fallbacks. First hit wins. */
export async function findClaudeBinary(deps: FindDeps): Promise<LookupResult> {
  const { env, platform } = deps;
  const p = pathApi(platform);
  const steps: LookupStep[] = [];
  let firstUnusable: LookupResult['unusable'];
  const tryFile = async (file: string, source: CliSource): Promise<FoundCli | null> => {
    const c = await checkCandidate(file, source, deps, steps);
    if (c.ok) return { ...c.found, pathAdditions: { prepend: [], append: [] } };
    if (c.unusable && !firstUnusable) firstUnusable = { path: file, reason: c.unusable };
    return null;
  };

  // 1. The override is a promise from the user: never silently run some other binary instead.
  const override = env.CLAUDE_DESK_CLI?.trim();
  if (override) {
    const file = p.resolve(override);
    const found = await tryFile(file, 'override');
    return {
      found,
      override: file,
      steps,
      unusable: found ? undefined : firstUnusable,
    };
  }

  // 2. The app's own PATH.
  const appDirs = splitPathList(readPathVar(env, platform), platform);
  for (const dir of appDirs) {
    for (const name of binaryNames(platform)) {
      const found = await tryFile(p.join(dir, name), 'path');
      if (found) return { found, steps };
    }
  }

  // 3. The login shell's PATH (only the directories the app's PATH lacked).
  const loginShell = await deps.loginShell();
  const loginDirs = loginShell.ok ? splitPathList(loginShell.path, platform) : [];
  if (!loginShell.ok) {
    steps.push({
      source: 'login-shell',
      location: loginShell.shell ? `${loginShell.shell} -ilc` : '$SHELL -ilc',
      result: loginShell.skipped ? 'skipped' : 'error',
      detail: loginShell.reason,
    });
  }
  const ctx = { platform, home: deps.home, env };
  for (const dir of loginDirs.filter((d) => !appDirs.includes(d))) {
    for (const name of binaryNames(platform)) {
      const found = await tryFile(p.join(dir, name), 'login-shell');
      if (found)
        return {
          found: await withAdditions(found, ctx, deps, loginDirs, null),
          steps,
          loginShell,
        };
    }
  }

  // 4. Well-known install locations.
  let npmBinDir: string | null = null;
  // A fallback already seen on a PATH (/usr/local/bin is on most) would only repeat its answer.
  const searched = new Set(steps.map((s) => s.location));
  for (const entry of fallbackEntries(ctx)) {
    let file: string;
    if (entry.kind === 'npm-prefix') {
      const npm = await npmPrefixStep(deps, loginDirs, steps);
      if (!npm) continue;
      npmBinDir = npm;
      file = p.join(npm, platform === 'win32' ? 'claude.cmd' : 'claude');
    } else file = entry.file;
    if (searched.has(file)) continue;
    searched.add(file);
    const found = await tryFile(file, 'fallback');
    if (found)
      return {
        found: await withAdditions(found, ctx, deps, loginDirs, npmBinDir),
        steps,
        loginShell,
      };
  }
  return { found: null, steps, loginShell, unusable: firstUnusable };
}

async function npmPrefixStep(deps: FindDeps, loginDirs: string[], steps: LookupStep[]): Promise<string | null> {
  const location = 'npm config get prefix';
  if (deps.platform === 'win32') {
    // npm is a .cmd there (cannot be spawned without a shell); its default prefix is checked just before.
    steps.push({
      source: 'fallback',
      location,
      result: 'skipped',
      detail: 'not run on Windows',
    });
    return null;
  }
  const key = pathKey(deps.env, deps.platform);
  const widePath = [...splitPathList(readPathVar(deps.env, deps.platform), deps.platform), ...loginDirs];
  const env = { ...deps.env, [key]: [...new Set(widePath)].join(':') };
  const npm = await readNpmPrefix({
    run: deps.run,
    env,
    platform: deps.platform,
    timeoutMs: deps.npmTimeoutMs,
  });
  if (!npm.ok) {
    steps.push({
      source: 'fallback',
      location,
      result: 'error',
      detail: npm.reason,
    });
    return null;
  }
  steps.push({
    source: 'fallback',
    location,
    result: 'found',
    detail: npm.prefix,
  });
  return npm.binDir;
}

/** Found through 3 or 4: the child gets the CLI's dir + existing user bin dirs first, the login PATH last. */
async function withAdditions(
  found: FoundCli,
  ctx: { platform: NodeJS.Platform; home: string; env: NodeJS.ProcessEnv },
  deps: FindDeps,
  loginDirs: string[],
  npmBinDir: string | null,
): Promise<FoundCli> {
  const p = pathApi(ctx.platform);
  const prepend = [p.dirname(found.location)];
  for (const dir of userBinDirs(ctx, npmBinDir)) {
    if ((await deps.fs.check(dir)) === 'directory') prepend.push(dir);
  }
  return {
    ...found,
    pathAdditions: { prepend: [...new Set(prepend)], append: loginDirs },
  };
}

async function checkCandidate(
  file: string,
  source: CliSource,
  deps: FindDeps,
  steps: LookupStep[],
): Promise<Candidate> {
  const state = await deps.fs.check(file);
  if (state === 'missing') {
    steps.push({ source, location: file, result: 'missing' });
    return { ok: false };
  }
  if (state === 'directory') {
    steps.push({
      source,
      location: file,
      result: 'not_executable',
      detail: 'is a directory',
    });
    return { ok: false, unusable: 'not executable (it is a directory)' };
  }
  if (deps.platform === 'win32' && /\.(cmd|bat)$/i.test(file)) return resolveShim(file, source, deps, steps);
  if (state === 'not_executable') {
    steps.push({
      source,
      location: file,
      result: 'not_executable',
      detail: 'no execute permission',
    });
    return { ok: false, unusable: 'not executable (no execute permission)' };
  }
  steps.push({ source, location: file, result: 'found' });
  return {
    ok: true,
    found: { path: file, location: file, source, command: { file, args: [] } },
  };
}

async function resolveShim(file: string, source: CliSource, deps: FindDeps, steps: LookupStep[]): Promise<Candidate> {
  const p = pathApi(deps.platform);
  let text: string;
  try {
    text = await deps.fs.readText(file);
  } catch (error) {
    const detail = `could not read the shim: ${(error as Error).message}`;
    steps.push({ source, location: file, result: 'error', detail });
    return { ok: false, unusable: detail };
  }
  const shim = parseCmdShim(text, p.dirname(file));
  if (!shim) {
    steps.push({
      source,
      location: file,
      result: 'error',
      detail: 'unrecognised .cmd shim',
    });
    return {
      ok: false,
      unusable: 'a .cmd shim whose target could not be found in its text',
    };
  }
  if ((await deps.fs.check(shim.target)) === 'missing') {
    const detail = `shim points to a missing file: ${shim.target}`;
    steps.push({ source, location: file, result: 'error', detail });
    return { ok: false, unusable: detail };
  }
  let command: CliCommand = { file: shim.target, args: [] };
  if (shim.interpreters.length > 0) {
    // Prefer node.exe beside the shim; otherwise the bare name, which the spawn resolves on PATH.
    let interpreter = shim.interpreters.find((i) => !p.isAbsolute(i)) ?? 'node';
    for (const candidate of shim.interpreters.filter((i) => p.isAbsolute(i))) {
      if ((await deps.fs.check(candidate)) !== 'missing') {
        interpreter = candidate;
        break;
      }
    }
    command = { file: interpreter, args: [shim.target] };
  }
  steps.push({
    source,
    location: file,
    result: 'found',
    detail: `shim runs ${[command.file, ...command.args].join(' ')}`,
  });
  return {
    ok: true,
    found: { path: shim.target, location: file, source, command },
  };
}
