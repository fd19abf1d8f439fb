import semver from 'semver';
import { MIN_CLI_VERSION, type CliSource, type CliStatus } from '../../shared/cli-status.js';
import type { CliCommand } from './find-claude-binary.js';
import type { RunCommand, RunResult } from './run-command.js';

export const VERSION_TIMEOUT_MS = 10_000;

export interface ProbeVersionInput {
  path: string;
  source: CliSource;
  command: CliCommand;
  run: RunCommand;
  /** The child's full environment (PATH already fixed up). */
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
  minVersion?: string;
}

/** `claude --version` → one of the ok / outdated / unusable shapes. */
export async function probeVersion(input: ProbeVersionInput): Promise<CliStatus> {
  const limit = input.timeoutMs ?? VERSION_TIMEOUT_MS;
  const result = await input.run(input.command.file, [...input.command.args, '--version'], {
    timeoutMs: limit,
    env: input.env,
  });
  const unusable = (reason: string): CliStatus => ({
    status: 'unusable',
    path: input.path,
    reason,
  });
  const failure = describeFailure(result, limit, '--version');
  if (failure) return unusable(failure);
  const version = parseCliVersion(result.stdout);
  if (!version) return unusable(`unparsable --version output: ${excerpt(result.stdout || result.stderr) || '(empty)'}`);
  const min = input.minVersion ?? MIN_CLI_VERSION;
  if (semver.lt(version, min)) return { status: 'outdated', version, min_required: min, path: input.path };
  return { status: 'ok', version, path: input.path, source: input.source };
}

/** `2.1.328 (Claude Code)` → `2.1.328`. Takes the first semver-looking token, prerelease included. */
export function parseCliVersion(stdout: string): string | null {
  const match = /\bv?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)/.exec(stdout);
  return match?.[1] ? semver.valid(match[1]) : null;
}

/** The reason a probe process failed, or null when it exited 0. Shared with the auth probe. */
export function describeFailure(result: RunResult, timeoutMs: number, what: string): string | null {
  if (result.spawnError === 'EACCES') return 'not executable (permission denied)';
  if (result.spawnError === 'ENOENT') return 'could not be started (file or interpreter not found)';
  if (result.spawnError) return `could not be started (${result.spawnError})`;
  if (result.timedOut) return `${what} timed out after ${formatSeconds(timeoutMs)}`;
  if (result.exitCode === 0) return null;
  const how =
    result.exitCode === undefined
      ? `was killed by ${result.signal ?? 'a signal'}`
      : `exited with code ${result.exitCode}`;
  const said = excerpt(result.stderr || result.stdout);
  return `${what} ${how}${said ? `: ${said}` : ''}`;
}

/** One line, at most 160 characters: enough to recognise an error without flooding the status card. */
export function excerpt(text: string, max = 160): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

function formatSeconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
