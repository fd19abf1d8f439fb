import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const REQUEST = { requestId: 'req-1', address: '192.168.1.41', route: 'lan' as const, at: 1_800_000_000_000 };

async function ask(host = createFakeHost()) {
  renderApp({ host });
  await screen.findByTestId('open-settings');
  act(() => host.emit('pairingRequest', REQUEST));
  const dialog = await screen.findByRole('alertdialog', { name: 'Allow a new device from 192.168.1.41?' });
  return { host, dialog };
}

describe('the desktop’s pairing dialog', () => {
  it('Deny is the default: it has the focus, and Allow waits for both the number and a name', async () => {
    const { host } = await ask();
    expect(screen.getByTestId('pairing-deny')).toHaveFocus();
    const allow = screen.getByTestId('pairing-allow');
    expect(allow).toBeDisabled();
    await userEvent.type(screen.getByLabelText('The 6-digit number the phone shows'), '48291');
    await userEvent.type(screen.getByLabelText('Name this device'), 'Ana’s iPhone');
    expect(allow).toBeDisabled(); // five digits
    await userEvent.type(screen.getByLabelText('The 6-digit number the phone shows'), '3');
    expect(allow).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('Name this device'));
    expect(allow).toBeDisabled();
    // Enter in a field does not allow while a field is missing.
    await userEvent.type(screen.getByLabelText('The 6-digit number the phone shows'), '{Enter}');
    expect(host.callsTo('answerPairing')).toEqual([]);
  });

  it('Escape denies', async () => {
    const { host } = await ask();
    await userEvent.type(screen.getByLabelText('The 6-digit number the phone shows'), '4829');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(host.callsTo('answerPairing')).toEqual([{ requestId: 'req-1', allow: false }]));
    await waitFor(() => expect(screen.queryByTestId('pairing-dialog')).not.toBeInTheDocument());
    // The host's end of the request says it, once.
    expect(await screen.findAllByText('Denied. The phone was told.')).toHaveLength(1);
  });

  it('the number takes digits only; the name is saved without control or bidi characters, at most 40', async () => {
    const { host } = await ask();
    const number = screen.getByLabelText('The 6-digit number the phone shows');
    await userEvent.type(number, '48a2 91-37');
    expect(number).toHaveValue('482913');
    const name = screen.getByLabelText('Name this device');
    await userEvent.click(name);
    await userEvent.paste('Ana\u202Eenohp\u202C’s\tiPhone <b>' + 'x'.repeat(60));
    await userEvent.click(screen.getByTestId('pairing-allow'));
    await waitFor(() => expect(host.callsTo('answerPairing')).toHaveLength(1));
    const sent = host.callsTo('answerPairing')[0] as { name: string; number: string; allow: boolean };
    expect(sent.allow).toBe(true);
    expect(sent.number).toBe('482913');
    expect(sent.name).toBe('Anaenohp’s iPhone <b>xxxxxxxxxxxxxxxxxxx');
    expect(Array.from(sent.name)).toHaveLength(40);
  });

  it('a wrong number says so and leaves the dialog to type again', async () => {
    const { host } = await ask();
    await userEvent.type(screen.getByLabelText('The 6-digit number the phone shows'), '111111');
    await userEvent.type(screen.getByLabelText('Name this device'), 'iPad{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That number does not match the one on the phone.');
    expect(screen.getByTestId('pairing-dialog')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('The 6-digit number the phone shows'));
    await userEvent.type(screen.getByLabelText('The 6-digit number the phone shows'), '482913{Enter}');
    await waitFor(() => expect(screen.queryByTestId('pairing-dialog')).not.toBeInTheDocument());
    expect(host.callsTo('answerPairing')).toHaveLength(2);
  });

  it('a request that ended closes the dialog with its sentence; a reused code is a warning that stays', async () => {
    const { host } = await ask();
    act(() =>
      host.emit('pairingRequest', {
        requestId: 'req-1',
        ended: 'expired',
        message: 'The phone took too long: pair again.',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('pairing-dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('The phone took too long: pair again.')).toBeInTheDocument();

    act(() => host.emit('pairingRequest', { ...REQUEST, requestId: 'req-2' }));
    await screen.findByTestId('pairing-dialog');
    act(() =>
      host.emit('pairingRequest', {
        requestId: 'req-2',
        ended: 'code-reused',
        message: 'That pairing link was opened twice: someone else may have it. Pairing was cancelled.',
      }),
    );
    const warning = await screen.findByText(/opened twice/);
    expect(warning.closest('.notice')).toHaveClass('notice-warning');
    expect(screen.queryByTestId('pairing-dialog')).not.toBeInTheDocument();
  });

  it('a new request starts empty', async () => {
    const { host } = await ask();
    await userEvent.type(screen.getByLabelText('Name this device'), 'Old');
    act(() => host.emit('pairingRequest', { ...REQUEST, requestId: 'req-9', address: '192.168.1.77' }));
    await screen.findByRole('alertdialog', { name: 'Allow a new device from 192.168.1.77?' });
    expect(screen.getByLabelText('Name this device')).toHaveValue('');
  });
});
