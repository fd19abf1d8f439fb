import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

/** Claude Desk runs as root (no IS_SANDBOX): Claude Code refuses full access there (verified with the pinned CLI). */
function asRoot() {
  // The thread asks first, so "Use Accept edits" is a change.
  const host = createFakeHost({ threads: [{ ...makeThread('t1', 'Work'), settings: { permissionMode: 'ask' } }] });
  host.appInfo = { ...host.appInfo, fullAccessRefused: true };
  return host;
}

describe('full access while Claude Desk runs as root', () => {
  it('the header switch says so before it is chosen, and choosing it offers what works instead', async () => {
    const host = asRoot();
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const select = await screen.findByTestId('permission-select');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: /Full access/ })).toHaveTextContent(/refused as root/),
    );
    await userEvent.selectOptions(select, 'bypassPermissions');
    const dialog = await screen.findByRole('alertdialog', { name: /Full access is refused as root/ });
    expect(dialog).toHaveTextContent(/Claude Code refuses full access.*root/);
    expect(dialog).toHaveTextContent('IS_SANDBOX=1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use Accept edits' }));
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toEqual([
        { threadId: 't1', settings: { permissionMode: 'acceptEdits' } },
      ]),
    );
  });

  it("Settings' mode cards say it under Full access", async () => {
    const host = asRoot();
    renderApp({ host });
    await userEvent.click(await screen.findByTestId('open-settings'));
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('button', {
        name: 'Permissions',
      }),
    );
    const cards = await screen.findByTestId('permission-control');
    expect(cards).toHaveTextContent(/refuses full access.*root/);
  });
});
