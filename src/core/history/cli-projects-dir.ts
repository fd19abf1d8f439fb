import os from 'node:os';
import path from 'node:path';

/**
 * Where the Claude Code CLI keeps its session transcripts: `<config>/projects/<slug>/<uuid>.jsonl`, with
 * `<config>` = `CLAUDE_CONFIG_DIR` when set, else `~/.claude` (recorded: test/fixtures/recorded/sessions).
 * The app's env decides, so a scratch HOME in tests (and the user's own override) is honoured.
 */
export function cliProjectsDir(env: NodeJS.ProcessEnv, home = env.HOME || env.USERPROFILE || os.homedir()): string {
  const config = env.CLAUDE_CONFIG_DIR ? path.resolve(env.CLAUDE_CONFIG_DIR) : path.join(home, '.claude');
  return path.join(config, 'projects');
}

/** The CLI's folder name for a cwd: every non-alphanumeric character becomes `-` (recorded case 13). */
export function projectSlug(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, '-');
}

/**
 * A best guess at the cwd from a folder name alone (used only until a line with `cwd` is read): the slug
 * loses spaces, dots and dashes, so this is a label, never a path to run in.
 */
export function projectFromSlug(slug: string): string {
  return slug.startsWith('-') ? slug.replace(/-/g, '/') : slug;
}

const SESSION_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

/** The session uuid of a transcript file name, or undefined for anything else in the folder. */
export function sessionIdOfFile(name: string): string | undefined {
  return SESSION_FILE.exec(name)?.[1]?.toLowerCase();
}
