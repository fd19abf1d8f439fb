import os from 'node:os';
import type { AuthStatus, CliStatus, DoctorReport, SandboxState } from '../../shared/cli-status.js';
import { realLookupFs, type LookupFs } from './file-check.js';
import { findClaudeBinary, type CliCommand, type LookupResult } from './find-claude-binary.js';
import { LoginShellPathCache } from './login-shell-path.js';
import { mergePathList, pathKey, readPathVar } from './path-list.js';
import { resolveAuth, type SavedKeyAccess } from './probe-auth.js';
import { probeVersion } from './probe-version.js';
import { runProcess, type RunCommand } from './run-command.js';

export interface CliServiceDeps {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
  run?: RunCommand;
  fs?: LookupFs;
  now?: () => number;
  savedKey?: SavedKeyAccess;
  timeouts?: {
    loginShellMs?: number;
    versionMs?: number;
    authMs?: number;
    npmMs?: number;
  };
}

interface Probed {
  lookup: LookupResult;
  status: CliStatus;
  /** Fingerprint of the binary when probed; a different one means it was updated or replaced. */
  stamp: string | null;
  checkedAt: number;
}

/**
 * The app's single view of the Claude Code CLI. Every probe is an async child process, so callers
 * (the status card, `claude-desk status`, a turn about to start) never block; concurrent callers
 * share one in-flight probe, and results are kept until Recheck (`force`) or the binary changes.
 */
export class CliService {
  private readonly env: NodeJS.ProcessEnv;
  private readonly platform: NodeJS.Platform;
  private readonly home: string;
  private readonly run: RunCommand;
  private readonly fs: LookupFs;
  private readonly now: () => number;
  private readonly savedKey: SavedKeyAccess;
  private readonly timeouts: NonNullable<CliServiceDeps['timeouts']>;
  private readonly loginShell: LoginShellPathCache;
  private probed: Probed | null = null;
  private inFlight: Promise<Probed> | null = null;
  private auth: { forProbe: Probed; value: Promise<AuthStatus> } | null = null;

  constructor(deps: CliServiceDeps = {}) {
    this.env = deps.env ?? process.env;
    this.platform = deps.platform ?? process.platform;
    this.home = deps.home ?? os.homedir();
    this.run = deps.run ?? runProcess;
    this.fs = deps.fs ?? realLookupFs;
    this.now = deps.now ?? Date.now;
    this.savedKey = deps.savedKey ?? { hasSavedApiKey: () => false };
    this.timeouts = deps.timeouts ?? {};
    this.loginShell = new LoginShellPathCache({
      env: this.env,
      platform: this.platform,
      run: this.run,
      timeoutMs: this.timeouts.loginShellMs,
    });
  }

  async getStatus(options: { force?: boolean } = {}): Promise<CliStatus> {
    return (await this.current(options.force ?? false)).status;
  }

  /**
   * Which credentials a turn will use. Asked together with each probe (see `probe`), so `force` — which re-probes —
   * re-asks it too.
   */
  async getAuth(options: { force?: boolean } = {}): Promise<AuthStatus> {
    const probed = await this.current(options.force ?? false);
    if (this.auth?.forProbe !== probed) this.auth = { forProbe: probed, value: this.resolveAuthFor(probed) };
    return this.auth.value;
  }

  /** A CLI the version probe found unusable is not asked: its auth answer says "not found". */
  private resolveAuthFor(probed: Probed): Promise<AuthStatus> {
    return this.askAuth(
      probed.status.status === 'unusable' ? null : (probed.lookup.found?.command ?? null),
      probed.lookup,
    );
  }

  private askAuth(command: CliCommand | null, lookup: LookupResult): Promise<AuthStatus> {
    return resolveAuth({
      ...this.savedKey,
      command,
      run: this.run,
      env: this.childEnvFor(lookup),
      timeoutMs: this.timeouts.authMs,
    });
  }

  async doctor(extra: { dataDir: string; logFile: string; sandbox: SandboxState }): Promise<DoctorReport> {
    const probed = await this.current(false);
    const [auth, loginShell] = await Promise.all([this.getAuth(), this.loginShell.get()]);
    return {
      cli: probed.status,
      auth,
      sandbox: extra.sandbox,
      appPath: readPathVar(this.env, this.platform),
      loginShellPath: loginShell.ok ? loginShell.path : null,
      steps: probed.lookup.steps,
      dataDir: extra.dataDir,
      logFile: extra.logFile,
    };
  }

  /** The PATH a turn's child should get: unchanged unless the CLI was found via login shell or fallback. */
  childPathEnv(basePath: string = readPathVar(this.env, this.platform)): string {
    const found = this.probed?.lookup.found;
    return found ? mergePathList(basePath, found.pathAdditions, this.platform) : basePath;
  }

  /** The CLI's path when the last probe said `ok` (for a Windows npm shim: the script it runs). */
  resolvedPath(): string | null {
    return this.probed?.status.status === 'ok' ? (this.probed.lookup.found?.path ?? null) : null;
  }

  /** What to spawn for a turn when the last probe said `ok`: usually `{file: path, args: []}`. */
  resolvedCommand(): CliCommand | null {
    return this.probed?.status.status === 'ok' ? (this.probed.lookup.found?.command ?? null) : null;
  }

  /** When the cached status was measured (ms since epoch), or null before the first probe. */
  lastCheckedAt(): number | null {
    return this.probed?.checkedAt ?? null;
  }

  private async current(force: boolean): Promise<Probed> {
    if (this.inFlight) return this.inFlight;
    if (force) {
      this.loginShell.reset(); // Recheck: the user may just have edited ~/.zshrc
    } else if (this.probed) {
      const path = this.probed.lookup.found?.path;
      if (!path) return this.probed;
      const stamp = await this.fs.stamp(path);
      if (stamp === this.probed.stamp) return this.probed;
      if (this.inFlight) return this.inFlight; // someone else noticed the change while we were looking
    }
    const pending = this.probe();
    this.inFlight = pending;
    try {
      return await pending;
    } finally {
      if (this.inFlight === pending) this.inFlight = null;
    }
  }

  private async probe(): Promise<Probed> {
    const lookup = await findClaudeBinary({
      env: this.env,
      platform: this.platform,
      home: this.home,
      run: this.run,
      fs: this.fs,
      loginShell: () => this.loginShell.get(),
      npmTimeoutMs: this.timeouts.npmMs,
    });
    const { found } = lookup;
    let status: CliStatus;
    if (found) {
      // Stamp before probing: an update landing mid-probe then shows up as a change next time.
      const stamp = await this.fs.stamp(found.path);
      // `auth status` starts beside `--version` rather than after it: the status card (and `claude-desk status`)
      // waits for both, and the auth probe is the slow one (~0.4 s). If the version probe finds the CLI unusable,
      // this early answer is replaced by resolveAuthFor's "not found".
      const auth = this.askAuth(found.command, lookup);
      auth.catch(() => undefined); // awaited through getAuth; a probe nobody asks about must not reject unhandled
      status = await probeVersion({
        path: found.path,
        source: found.source,
        command: found.command,
        run: this.run,
        env: this.childEnvFor(lookup),
        timeoutMs: this.timeouts.versionMs,
      });
      this.probed = { lookup, status, stamp, checkedAt: this.now() };
      this.auth = {
        forProbe: this.probed,
        value: status.status === 'unusable' ? this.resolveAuthFor(this.probed) : auth,
      };
      return this.probed;
    }
    if (lookup.unusable)
      status = {
        status: 'unusable',
        path: lookup.unusable.path,
        reason: lookup.unusable.reason,
      };
    else
      status = lookup.override ? { status: 'not_installed', override: lookup.override } : { status: 'not_installed' };
    this.probed = { lookup, status, stamp: null, checkedAt: this.now() };
    return this.probed;
  }

  private childEnvFor(lookup: LookupResult): NodeJS.ProcessEnv {
    const key = pathKey(this.env, this.platform);
    const base = readPathVar(this.env, this.platform);
    const merged = lookup.found ? mergePathList(base, lookup.found.pathAdditions, this.platform) : base;
    return { ...this.env, [key]: merged };
  }
}
