import { describe, expect, it } from 'vitest';
import type { AuthStatus, DoctorReport } from '../../shared/cli-status.js';
import { CLI_INSTALL_COMMANDS, formatDoctor, formatPathColumns, formatStatusSummary } from './format-status.js';

const loggedOut: AuthStatus = {
  loggedIn: false,
  method: 'none',
  cli: { loggedIn: false, authMethod: 'none' },
};
const envKey: AuthStatus = { loggedIn: true, method: 'env_api_key' };

describe('formatStatusSummary', () => {
  it('ok: version, path and where it was found, plus the login method', () => {
    const text = formatStatusSummary(
      {
        status: 'ok',
        version: '2.1.328',
        path: '/u/bin/claude',
        source: 'login-shell',
      },
      envKey,
    );
    expect(text).toContain("Claude Code 2.1.328 at /u/bin/claude (found via the login shell's PATH)");
    expect(text).toContain('API key from ANTHROPIC_API_KEY');
    expect(text).not.toContain('Log in:');
  });

  it('not_installed: every install command', () => {
    const text = formatStatusSummary({ status: 'not_installed' }, loggedOut);
    expect(text).toContain('curl -fsSL https://claude.ai/install.sh | bash');
    expect(text).toContain('npm install -g @anthropic-ai/claude-code');
    expect(text).toContain('brew install --cask claude-code');
    expect(CLI_INSTALL_COMMANDS).toHaveLength(3);
  });

  it('not_installed via the override names it', () => {
    expect(formatStatusSummary({ status: 'not_installed', override: '/x/claude' }, loggedOut)).toContain(
      'CLAUDE_DESK_CLI points at /x/claude, but there is no file there',
    );
  });

  it('outdated: the upgrade command; logged out: how to log in', () => {
    const text = formatStatusSummary(
      {
        status: 'outdated',
        version: '1.9.0',
        min_required: '2.0.0',
        path: '/c',
      },
      loggedOut,
    );
    expect(text).toContain('needs 2.0.0 or newer');
    expect(text).toContain('claude update');
    expect(text).toContain('claude, then type /login');
    expect(text).toContain('claude setup-token');
  });

  it('unusable: path and reason', () => {
    const text = formatStatusSummary(
      {
        status: 'unusable',
        path: '/c',
        reason: '--version timed out after 10 s',
      },
      envKey,
    );
    expect(text).toContain('Claude Code at /c cannot be used: --version timed out after 10 s');
  });
});

describe('formatDoctor', () => {
  const report: DoctorReport = {
    cli: {
      status: 'ok',
      version: '2.1.328',
      path: '/home/a/.local/bin/claude',
      source: 'fallback',
    },
    auth: {
      loggedIn: true,
      method: 'cli_login',
      cli: { loggedIn: true, authMethod: 'claude.ai', email: 'a@example.com' },
    },
    sandbox: { kind: 'bubblewrap', reason: 'bwrap found' },
    appPath: '/usr/bin:/bin',
    loginShellPath: '/home/a/.local/bin:/usr/bin:/bin',
    steps: [
      { source: 'path', location: '/usr/bin/claude', result: 'missing' },
      {
        source: 'login-shell',
        location: '/bin/zsh -ilc',
        result: 'error',
        detail: 'timed out after 5 s',
      },
      {
        source: 'fallback',
        location: '/home/a/.local/bin/claude',
        result: 'found',
      },
    ],
    dataDir: '/home/a/.config/Claude Desk',
    logFile: '/home/a/.config/Claude Desk/state/logs/app.log',
  };

  it('shows every location searched with its result, the data dir, log file and sandbox', () => {
    const text = formatDoctor(report);
    expect(text).toMatch(/\[missing\]\s+path\s+\/usr\/bin\/claude/);
    expect(text).toMatch(/\[error\]\s+login-shell\s+\/bin\/zsh -ilc {2}\(timed out after 5 s\)/);
    expect(text).toMatch(/\[found\]\s+fallback\s+\/home\/a\/\.local\/bin\/claude/);
    expect(text).toContain("Claude Code's own login (claude.ai), a@example.com");
    expect(text).toContain('Data directory: /home/a/.config/Claude Desk');
    expect(text).toContain('Log file:       /home/a/.config/Claude Desk/state/logs/app.log');
    expect(text).toContain('Sandbox:        bubblewrap — bwrap found');
  });

  it('says when Claude Code will refuse full access (root without IS_SANDBOX), and what works', () => {
    expect(formatDoctor(report)).not.toContain('Full access');
    const text = formatDoctor({ ...report, fullAccessRefused: true });
    expect(text).toMatch(/Full access: {4}refused — Claude Code refuses full access when it runs as root/);
    expect(text).toContain('IS_SANDBOX=1');
  });

  it('puts the app PATH beside the login shell PATH, entry by entry', () => {
    const rows = formatPathColumns(report.appPath, report.loginShellPath);
    expect(rows[0]).toMatch(/entry\s+app\s+login shell/);
    expect(rows.find((r) => r.includes('/home/a/.local/bin'))).toMatch(/\/home\/a\/\.local\/bin\s+-\s+yes$/);
    expect(rows.find((r) => r.includes(' /usr/bin '))).toMatch(/yes\s+yes$/);
  });

  it('says when the login shell PATH is unknown, and splits Windows paths on ;', () => {
    const rows = formatPathColumns('C:\\Windows;C:\\Users\\a\\AppData\\Roaming\\npm', null);
    expect(rows.some((r) => r.includes('C:\\Windows') && r.trimEnd().endsWith('?'))).toBe(true);
    expect(rows.at(-1)).toContain('login shell PATH not available');
  });
});
