import type { CliStatus } from '../../shared/cli-status';
import { cliMissingFix, describeCliStatus } from '../../shared/cli-status';
import type { CliService } from '../../core/claude-code/cli-service';
import type { ApiKeyStore } from '../../core/store/api-key-store';
import { buildChildEnv } from '../../core/claude-code-wire/child-env';
import { TurnSetupError } from '../../core/turn/turn-errors';

type NotReady = Exclude<CliStatus, { status: 'ok' }>;

/** How to start Claude Code: the same binary, PATH and key for a turn, a pre-warmed CLI, a rewind and a probe. */
export interface ClaudeCodeLaunch {
  /** What to spawn: usually the binary itself; for a Windows npm shim, node… */
  file: string;
  /** …and the script it runs. */
  prefixArgs?: string[];
  /** The full PATH discovery wants the child to have (CLI dir + user bins first, inherited entries kept). */
  pathEnv: string;
  /** The key saved in Settings (the env's ANTHROPIC_API_KEY still wins: buildChildEnv). */
  savedApiKey?: string;
  /** Its `--version` (what it takes in `initialize`). */
  version?: string;
}

export interface ClaudeCodeLauncher {
  /** The launch settings, or the status that says why Claude Code cannot be started. */
  launch(): Promise<{ ok: true; launch: ClaudeCodeLaunch } | { ok: false; status: NotReady }>;
  /** The launch settings, or the turn error (with its fix) that the UI shows when Claude Code is not ready. */
  ready(): Promise<ClaudeCodeLaunch>;
  /** The launch settings and the whole environment of the child (baseEnv + PATH + key). */
  withEnv(): Promise<{ file: string; prefixArgs?: string[]; env: NodeJS.ProcessEnv }>;
}

export interface ClaudeCodeLaunchDeps {
  cli: Pick<CliService, 'getStatus' | 'resolvedCommand' | 'childPathEnv'>;
  apiKey: Pick<ApiKeyStore, 'get'>;
  /** The app's environment, the base of the child's. */
  env: NodeJS.ProcessEnv;
}

/** The one builder of Claude Code's launch settings; every caller gets it injected. */
export function claudeCodeLauncher(deps: ClaudeCodeLaunchDeps): ClaudeCodeLauncher {
  const launch: ClaudeCodeLauncher['launch'] = async () => {
    const status = await deps.cli.getStatus();
    if (status.status !== 'ok') return { ok: false, status };
    const command = deps.cli.resolvedCommand();
    return {
      ok: true,
      launch: {
        file: command?.file ?? status.path,
        prefixArgs: command?.args,
        pathEnv: deps.cli.childPathEnv(),
        savedApiKey: deps.apiKey.get(),
        version: status.version,
      },
    };
  };
  const ready = async (): Promise<ClaudeCodeLaunch> => {
    const result = await launch();
    if (result.ok) return result.launch;
    const { status } = result;
    const fix =
      status.status === 'not_installed'
        ? cliMissingFix(status)
        : status.status === 'outdated'
          ? 'Run `claude update`, then press Recheck in Settings.'
          : 'See Settings → Claude Code → Diagnostics.';
    throw new TurnSetupError(describeCliStatus(status), 'cli_missing', fix);
  };
  return {
    launch,
    ready,
    async withEnv() {
      const l = await ready();
      const env = buildChildEnv({ baseEnv: deps.env, savedApiKey: l.savedApiKey, pathEnv: l.pathEnv });
      return { file: l.file, prefixArgs: l.prefixArgs, env };
    },
  };
}
