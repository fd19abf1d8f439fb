import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

async function openSection(name: string, host = createFakeHost()) {
  renderApp({ host });
  await userEvent.click(await screen.findByTestId('open-settings'));
  await userEvent.click(
    within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('button', { name }),
  );
  return host;
}

describe('settings sections: History, Theme, Diagnostics', () => {
  it('History has its own section with the copies switch; Memory no longer holds it', async () => {
    await openSection('History');
    expect(await screen.findByTestId('history-settings')).toContainElement(screen.getByTestId('keep-copies'));
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('button', { name: 'Memory' }),
    );
    expect(await screen.findByTestId('memory-panel')).toBeInTheDocument();
    expect(screen.queryByTestId('history-settings')).not.toBeInTheDocument();
  });

  it('Theme offers System, Light and Dark; a choice is saved and shown at once', async () => {
    const host = await openSection('Appearance');
    const group = await screen.findByRole('radiogroup', { name: 'Theme' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.querySelector('strong')?.textContent)).toEqual([
      'System',
      'Light',
      'Dark',
    ]);
    await waitFor(() => expect(within(group).getByRole('radio', { name: /^System/ })).toBeChecked());
    await userEvent.click(within(group).getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(host.callsTo('updateSettings')).toEqual([{ theme: 'dark' }]));
    await waitFor(() => expect(document.documentElement.dataset['theme']).toBe('dark'));
    await userEvent.click(within(group).getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(document.documentElement.dataset['theme']).toBe('light'));
  });

  it('Diagnostics lists each path once', async () => {
    const host = createFakeHost();
    host.handle('getDoctor', () => ({
      ...host.overview,
      appPath: '/usr/bin:/bin:/usr/bin',
      loginShellPath: '/usr/local/bin:/usr/bin',
      steps: [],
      dataDir: host.appInfo.dataDir,
      logFile: host.appInfo.logFile,
    }));
    await openSection('Diagnostics', host);
    const doctor = await screen.findByTestId('doctor');
    await within(doctor).findByText('App PATH');
    const view = screen.getByTestId('settings-view');
    expect(within(view).getAllByText(host.appInfo.dataDir)).toHaveLength(1);
    expect(within(view).getAllByText(host.appInfo.logFile)).toHaveLength(1);
    expect(within(doctor).getAllByText('/usr/bin')).toHaveLength(2); // once in each PATH
    expect(doctor).toHaveTextContent('listed 2 times');
  });
});
