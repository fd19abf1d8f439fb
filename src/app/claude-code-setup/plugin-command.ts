import { runToEnd, type RunToEnd } from '../../core/process-runner';
import type { PluginCommand } from '../../core/claude-code-setup/plugins';
import type { ClaudeCodeLauncher } from '../settings/claude-code-launch';

/** A marketplace fetch may clone a repository; past this the page says so instead of waiting on. */
const TIMEOUT_MS = 120_000;

/** `claude <args>` with the launch settings every caller uses, run to its end in `cwd`. */
export function pluginCommand(
  launcher: Pick<ClaudeCodeLauncher, 'withEnv'>,
  cwd: string,
  run: RunToEnd = runToEnd,
): PluginCommand {
  return async (args) => {
    const l = await launcher.withEnv();
    const out = await run(l.file, [...(l.prefixArgs ?? []), ...args], {
      cwd,
      env: l.env,
      timeoutMs: TIMEOUT_MS,
      maxOutputBytes: 4 * 1024 * 1024,
      ownGroup: true,
    });
    if (out.spawnError) throw new Error(`Claude Code could not be started (${out.spawnError}): check Settings → CLI.`);
    if (out.timedOut)
      throw new Error('Claude Code did not finish within two minutes; try again, or run it in a terminal.');
    return { exitCode: out.exitCode, stdout: out.stdout.toString('utf8'), stderr: out.stderr.toString('utf8') };
  };
}
