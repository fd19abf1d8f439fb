/**
 * What Claude Desk knows about the Claude Code CLI on this machine.
 * The four `CliStatus` shapes are part of the public `claude-desk status --json` output: keep them stable.
 */

export const MIN_CLI_VERSION = '2.0.0';

/** Where the binary was found (first hit wins, in this order). */
export type CliSource = 'override' | 'path' | 'login-shell' | 'fallback';

export type CliStatus =
  | { status: 'ok'; version: string; path: string; source: CliSource }
  | { status: 'not_installed'; override?: string }
  | { status: 'outdated'; version: string; min_required: string; path: string }
  | { status: 'unusable'; path: string; reason: string };

/**
 * Why there is no CLI, in one sentence. With CLAUDE_DESK_CLI set nothing else is searched, so "not installed"
 * would be wrong: the variable names a file that is not there.
 */
function cliMissingText(cli: Extract<CliStatus, { status: 'not_installed' }>): string {
  return cli.override
    ? `CLAUDE_DESK_CLI points at ${cli.override}, but there is no file there.`
    : 'Claude Code is not installed (or not where Claude Desk can find it).';
}

/** What to do about it, matching cliMissingText. */
export function cliMissingFix(cli: Extract<CliStatus, { status: 'not_installed' }>): string {
  return cli.override
    ? 'Correct CLAUDE_DESK_CLI (or unset it so Claude Desk searches), then restart Claude Desk.'
    : 'Install it (see Settings → Claude Code), then press Recheck.';
}

/** Which credentials a turn will use, in resolution order. */
export type AuthMethod = 'env_api_key' | 'saved_api_key' | 'cli_login' | 'none';

export interface AuthStatus {
  /** True when a turn has credentials to use. */
  loggedIn: boolean;
  method: AuthMethod;
  /** What `claude auth status --json` said (authMethod, apiKeySource, …), when it could be asked. */
  cli?: { loggedIn: boolean; authMethod?: string; apiKeySource?: string; email?: string };
  /** Set when the probe itself failed (timeout, no CLI). */
  error?: string;
}

/** One place the lookup searched, for the doctor view. */
export interface LookupStep {
  source: CliSource;
  location: string;
  result: 'found' | 'missing' | 'not_executable' | 'skipped' | 'error';
  detail?: string;
}

export type SandboxKind = 'seatbelt' | 'bubblewrap' | 'none';
export interface SandboxState {
  kind: SandboxKind;
  /** Why this wall (or none): "disabled by CLAUDE_DESK_SANDBOX=0", "bwrap not found — apt install bubblewrap", … */
  reason: string;
}

export interface DoctorReport {
  cli: CliStatus;
  auth: AuthStatus;
  sandbox: SandboxState;
  appPath: string;
  loginShellPath: string | null;
  steps: LookupStep[];
  dataDir: string;
  logFile: string;
  /** Claude Code will refuse full access here (root without IS_SANDBOX). */
  fullAccessRefused?: boolean;
}

/** A command the status card shows with a copy button (and `claude-desk status` prints). */
export interface CliInstruction {
  label: string;
  command: string;
  /** Typed inside the CLI once the command is running (e.g. `/login`). */
  thenType?: string;
}

/** How to install Claude Code, in the order the status card offers them. */
export const CLI_INSTALL_COMMANDS: readonly CliInstruction[] = [
  { label: 'Native installer', command: 'curl -fsSL https://claude.ai/install.sh | bash' },
  { label: 'npm', command: 'npm install -g @anthropic-ai/claude-code' },
  { label: 'Homebrew', command: 'brew install --cask claude-code' },
];

export const CLI_UPGRADE_COMMAND: CliInstruction = { label: 'Upgrade Claude Code', command: 'claude update' };

/** How to log the CLI in (an API key saved in Settings is the other way). */
export const CLI_LOGIN_COMMANDS: readonly CliInstruction[] = [
  { label: 'Log in with your Claude account', command: 'claude', thenType: '/login' },
  { label: 'Or create a long-lived token', command: 'claude setup-token' },
];

/**
 * What a Claude Code that is not usable says, in one sentence: the same words on the status card, the
 * banner above the chat, a turn that could not start, and `claude-desk status`.
 */
export function describeCliStatus(cli: Exclude<CliStatus, { status: 'ok' }>): string {
  switch (cli.status) {
    case 'outdated':
      return `Claude Code ${cli.version} is too old: Claude Desk needs ${cli.min_required} or newer.`;
    case 'unusable':
      return `Claude Code at ${cli.path} cannot be used: ${cli.reason}`;
    case 'not_installed':
      return cliMissingText(cli);
  }
}
