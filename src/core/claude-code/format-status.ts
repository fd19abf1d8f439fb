import { ROOT_FULL_ACCESS_OFFER, ROOT_FULL_ACCESS_REFUSED } from '../../shared/permission-mode.js';
import {
  CLI_INSTALL_COMMANDS,
  CLI_LOGIN_COMMANDS,
  CLI_UPGRADE_COMMAND,
  describeCliStatus,
  type AuthStatus,
  type CliInstruction,
  type CliSource,
  type CliStatus,
  type DoctorReport,
  type LookupStep,
} from '../../shared/cli-status.js';

// The same data the status card renders, so the window, browser mode and the command line agree.
export { CLI_INSTALL_COMMANDS, CLI_LOGIN_COMMANDS, CLI_UPGRADE_COMMAND };

const SOURCE_LABEL: Record<CliSource, string> = {
  override: 'CLAUDE_DESK_CLI',
  path: "the app's PATH",
  'login-shell': "the login shell's PATH",
  fallback: 'a well-known install location',
};

export function describeCli(cli: CliStatus): string {
  switch (cli.status) {
    case 'ok':
      return `Claude Code ${cli.version} at ${cli.path} (found via ${SOURCE_LABEL[cli.source]})`;
    case 'outdated':
      return `${describeCliStatus(cli)} (at ${cli.path})`;
    case 'unusable':
    case 'not_installed':
      return describeCliStatus(cli);
  }
}

export function describeAuth(auth: AuthStatus): string {
  const cli = auth.cli?.authMethod && auth.cli.loggedIn ? ` (${auth.cli.authMethod})` : '';
  const text = {
    env_api_key: 'API key from ANTHROPIC_API_KEY',
    saved_api_key: 'API key saved in Settings',
    cli_login: `Claude Code's own login${cli}${auth.cli?.email ? `, ${auth.cli.email}` : ''}`,
    none: 'not logged in',
  }[auth.method];
  return auth.error ? `${text} — could not ask the CLI: ${auth.error}` : text;
}

/** `claude-desk status`: what was found, what a turn will log in with, and what to do next. */
export function formatStatusSummary(cli: CliStatus, auth: AuthStatus): string {
  const lines = [`CLI:   ${describeCli(cli)}`, `Login: ${describeAuth(auth)}`];
  if (cli.status === 'not_installed')
    lines.push('', 'Install it with one of:', ...instructionLines(CLI_INSTALL_COMMANDS));
  if (cli.status === 'outdated') lines.push('', 'Upgrade it:', ...instructionLines([CLI_UPGRADE_COMMAND]));
  if (cli.status !== 'not_installed' && !auth.loggedIn) {
    lines.push('', 'Log in:', ...instructionLines(CLI_LOGIN_COMMANDS), '  or save an API key in Settings.');
  }
  return lines.join('\n');
}

export function instructionLines(items: readonly CliInstruction[]): string[] {
  return items.map((i) => `  ${i.label}: ${i.command}${i.thenType ? `, then type ${i.thenType}` : ''}`);
}

/** `claude-desk doctor`: everything needed to answer "why can't it find claude?". */
export function formatDoctor(report: DoctorReport): string {
  const lines = [
    'Claude Desk doctor',
    '',
    ...formatStatusSummary(report.cli, report.auth).split('\n'),
    '',
    'PATH (app beside login shell):',
    ...formatPathColumns(report.appPath, report.loginShellPath),
    '',
    'Locations searched, in order:',
    ...(report.steps.length ? report.steps.map(formatStep) : ['  (none: the lookup has not run)']),
    '',
    `Data directory: ${report.dataDir}`,
    `Log file:       ${report.logFile}`,
    `Sandbox:        ${report.sandbox.kind} — ${report.sandbox.reason}`,
    ...(report.fullAccessRefused
      ? ['', `Full access:    refused — ${ROOT_FULL_ACCESS_REFUSED}`, `                ${ROOT_FULL_ACCESS_OFFER}`]
      : []),
  ];
  return lines.join('\n');
}

function formatStep(step: LookupStep): string {
  const result = `[${step.result}]`.padEnd(17);
  const source = step.source.padEnd(12);
  return `  ${result}${source}${step.location}${step.detail ? `  (${step.detail})` : ''}`;
}

/** One row per PATH entry with a mark in the column of each PATH that has it. */
export function formatPathColumns(appPath: string, loginShellPath: string | null): string[] {
  const app = splitAnyPath(appPath);
  const login = loginShellPath === null ? [] : splitAnyPath(loginShellPath);
  const all = [...new Set([...app, ...login])];
  const width = Math.max(10, ...all.map((e) => e.length)) + 2;
  const rows = all.map((entry) => {
    const inApp = app.includes(entry) ? 'yes' : '-';
    const inLogin = loginShellPath === null ? '?' : login.includes(entry) ? 'yes' : '-';
    return `  ${entry.padEnd(width)}${inApp.padEnd(5)}${inLogin}`;
  });
  const header = `  ${'entry'.padEnd(width)}${'app'.padEnd(5)}login shell`;
  const note = loginShellPath === null ? ['  (login shell PATH not available: skipped or failed, see below)'] : [];
  return [header, ...rows, ...note];
}

/** The report does not say which OS it came from: a `;` or a drive letter means Windows. */
function splitAnyPath(value: string): string[] {
  const delimiter = value.includes(';') || /^[A-Za-z]:\\/.test(value) ? ';' : ':';
  return [...new Set(value.split(delimiter).filter((e) => e.trim() !== ''))];
}
