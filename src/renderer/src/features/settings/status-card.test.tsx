import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CliOverview } from '../../../../shared/contract';
import { createFakeHost, OK_OVERVIEW } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

async function openStatus(overview: CliOverview) {
  const host = createFakeHost();
  host.overview = overview;
  renderApp({ host });
  await userEvent.click(await screen.findByTestId('open-settings'));
  const card = await screen.findByTestId('status-card');
  await waitFor(() => expect(card).not.toHaveAttribute('data-status', 'unknown'));
  return { host, card };
}

describe('status card', () => {
  it('ok: version, path, where it was found, how it is signed in, and the sandbox', async () => {
    const { card } = await openStatus(OK_OVERVIEW);
    expect(within(card).getByTestId('cli-version')).toHaveTextContent('2.1.328');
    expect(card).toHaveTextContent('/usr/local/bin/claude');
    expect(card).toHaveTextContent('found on PATH');
    expect(within(card).getByTestId('auth-method')).toHaveTextContent('Claude Code login');
    expect(within(card).getByTestId('sandbox-line')).toHaveTextContent(
      "Bubblewrap hides Claude Desk's private folder from Claude Code.",
    );
    expect(within(card).queryByTestId('logged-out')).not.toBeInTheDocument();
  });

  it('not installed: the three install commands, each with a copy button', async () => {
    const { card } = await openStatus({
      ...OK_OVERVIEW,
      cli: { status: 'not_installed' },
      auth: { loggedIn: false, method: 'none' },
    });
    const commands = within(card).getAllByTestId('install-command');
    expect(commands.map((c) => c.querySelector('code')?.textContent)).toEqual([
      'curl -fsSL https://claude.ai/install.sh | bash',
      'npm install -g @anthropic-ai/claude-code',
      'brew install --cask claude-code',
    ]);
    for (const c of commands) expect(within(c).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('outdated: the version found, the minimum, and the upgrade command', async () => {
    const { card } = await openStatus({
      ...OK_OVERVIEW,
      cli: { status: 'outdated', version: '1.9.0', min_required: '2.0.0', path: '/opt/claude' },
    });
    expect(card).toHaveTextContent('Claude Code 1.9.0 is too old: Claude Desk needs 2.0.0 or newer.');
    expect(within(card).getByTestId('upgrade-command')).toHaveTextContent('claude update');
  });

  it('unusable: the path and the reason', async () => {
    const { card } = await openStatus({
      ...OK_OVERVIEW,
      cli: { status: 'unusable', path: '/home/me/bin/claude', reason: 'timed out after 10 s running --version' },
    });
    expect(card).toHaveTextContent('/home/me/bin/claude');
    expect(within(card).getByTestId('unusable-reason')).toHaveTextContent('timed out after 10 s running --version');
  });

  it('logged out: the login steps and the API key field', async () => {
    const { card } = await openStatus({
      ...OK_OVERVIEW,
      auth: { loggedIn: false, method: 'none', cli: { loggedIn: false, authMethod: 'none' } },
    });
    const out = within(card).getByTestId('logged-out');
    expect(within(out).getByTestId('login-steps')).toHaveTextContent('claude');
    expect(out).toHaveTextContent('/login');
    expect(out).toHaveTextContent('claude setup-token');
    expect(within(out).getByLabelText('Anthropic API key')).toHaveAttribute('type', 'password');
  });

  it('Recheck asks the host to probe again (force)', async () => {
    const { host, card } = await openStatus(OK_OVERVIEW);
    await userEvent.click(within(card).getByTestId('recheck'));
    await waitFor(() => expect(host.callsTo('getCliStatus')).toContainEqual({ force: true }));
  });

  it('the doctor view lists every location searched and both PATHs', async () => {
    const host = createFakeHost();
    host.handle('getDoctor', () => ({
      ...OK_OVERVIEW,
      appPath: '/usr/bin:/bin',
      loginShellPath: '/home/me/.local/bin:/usr/bin',
      steps: [
        { source: 'path', location: '/usr/bin/claude', result: 'missing' },
        { source: 'fallback', location: '/home/me/.local/bin/claude', result: 'found' },
      ],
      dataDir: '/data/desk',
      logFile: '/data/desk/logs/desk.log',
    }));
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('open-settings'));
    await userEvent.click(screen.getByText('Diagnostics'));
    const doctor = screen.getByTestId('doctor');
    expect(await within(doctor).findByText('/home/me/.local/bin/claude')).toBeInTheDocument();
    expect(doctor).toHaveTextContent('not there');
    expect(within(doctor).getByText('/home/me/.local/bin')).toBeInTheDocument();
  });
});
