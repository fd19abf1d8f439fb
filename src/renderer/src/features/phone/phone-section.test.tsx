import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { CA_FINGERPRINT, phoneAccessOff, SAMPLE_DEVICES } from '../../test-support/phone-fixture';

async function openPhone(host = createFakeHost()) {
  renderApp({ host });
  await userEvent.click(await screen.findByTestId('open-settings'));
  await userEvent.click(
    within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('button', {
      name: 'Phone & other devices',
    }),
  );
  await screen.findByTestId('phone-section');
  return host;
}

describe('Settings → Phone & other devices', () => {
  it('is off by default; Tailscale is recommended when ready and turns on at its address', async () => {
    const host = await openPhone();
    expect(await screen.findByTestId('phone-state')).toHaveTextContent('Off');
    const tailscale = screen.getByRole('radio', { name: /Tailscale \(recommended\)/ });
    expect(tailscale).toBeChecked();
    const address = screen.getByRole('combobox', { name: 'Address to listen on' });
    expect(
      within(address)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tailscale (tailscale0) — 100.101.12.7']);
    await userEvent.click(screen.getByTestId('phone-turn-on'));
    await waitFor(() =>
      expect(host.callsTo('setPhoneAccess')).toEqual([{ on: true, route: 'tailscale', address: '100.101.12.7' }]),
    );
    expect(await screen.findByTestId('phone-where')).toHaveTextContent(
      'Listening at https://studio.tail4c2e.ts.net over Tailscale, on Tailscale (tailscale0).',
    );
    // No trust step: Tailscale's own certificate is trusted already.
    expect(screen.queryByTestId('phone-trust')).not.toBeInTheDocument();
    expect(screen.getByTestId('phone-pairing')).toBeInTheDocument();
  });

  it('a Tailscale that is not ready is not offered: its sentence shows and the local network is picked', async () => {
    const host = createFakeHost();
    host.handle('getPhoneAccess', () => ({
      ...phoneAccessOff(),
      tailscale: { state: 'logged-out', sentence: 'Tailscale is logged out: run “tailscale up”, then come back.' },
    }));
    await openPhone(host);
    expect(await screen.findByRole('radio', { name: /Tailscale/ })).toBeDisabled();
    expect(screen.getByText('Tailscale is logged out: run “tailscale up”, then come back.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Local network/ })).toBeChecked();
  });

  it('on the local network: one address by interface, never all; a public one is asked about first', async () => {
    const host = await openPhone();
    await userEvent.click(await screen.findByRole('radio', { name: /Local network/ }));
    const address = screen.getByRole('combobox', { name: 'Address to listen on' });
    const options = within(address)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Wi-Fi (wlan0) — 192.168.1.23',
      'Ethernet (eth0) — 10.0.0.8',
      'Ethernet (eth1) — 203.0.113.40 — public',
    ]);
    expect(options.join()).not.toMatch(/0\.0\.0\.0|all/i);
    expect(address).toHaveValue('192.168.1.23');

    await userEvent.selectOptions(address, '203.0.113.40');
    await userEvent.click(screen.getByTestId('phone-turn-on'));
    const ask = await screen.findByTestId('phone-public-confirm');
    expect(ask).toHaveTextContent('Listen on the public address 203.0.113.40?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(host.callsTo('setPhoneAccess')).toEqual([]);

    await userEvent.click(screen.getByTestId('phone-turn-on'));
    await userEvent.click(
      within(await screen.findByTestId('phone-public-confirm')).getByRole('button', { name: 'Listen there' }),
    );
    await waitFor(() =>
      expect(host.callsTo('setPhoneAccess')).toEqual([
        { on: true, route: 'lan', address: '203.0.113.40', allowPublic: true },
      ]),
    );
  });

  it('the local network trusts the computer first: iOS profile with full trust, Android CA, the fingerprint', async () => {
    await openPhone();
    await userEvent.click(await screen.findByRole('radio', { name: /Local network/ }));
    await userEvent.click(screen.getByTestId('phone-turn-on'));
    const trust = await screen.findByTestId('phone-trust');
    expect(screen.getByTestId('phone-trust-ios')).toHaveAttribute(
      'href',
      'https://192.168.1.23:47800/trust/ios.mobileconfig',
    );
    expect(screen.getByTestId('phone-trust-android')).toHaveAttribute(
      'href',
      'https://192.168.1.23:47800/trust/ca.crt',
    );
    expect(within(trust).getByTestId('phone-fingerprint')).toHaveTextContent(CA_FINGERPRINT);
    expect(trust).toHaveTextContent('Certificate Trust Settings → turn on Claude Desk');
    // Trust comes before pairing, on the page and in its numbering.
    const pairing = screen.getByTestId('phone-pairing');
    expect(trust.compareDocumentPosition(pairing) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(pairing).getByRole('heading')).toHaveTextContent('Step 2: Pair a device');
  });

  it('says why phone access stopped, in the host’s sentence', async () => {
    const host = createFakeHost();
    host.handle('getPhoneAccess', () => ({
      ...phoneAccessOff(),
      on: true,
      route: 'lan',
      address: '192.168.1.23',
      problem: '192.168.1.23 went away (the Wi-Fi changed). Pick an address again.',
    }));
    await openPhone(host);
    expect(await screen.findByTestId('phone-problem')).toHaveTextContent('192.168.1.23 went away');
    expect(screen.getByTestId('phone-state')).toHaveTextContent('Stopped');
    expect(screen.queryByTestId('phone-pairing')).not.toBeInTheDocument();
  });

  it('off because its address went away (now, or since the last quit): says why, with the choices to turn it on again', async () => {
    const host = createFakeHost();
    const sentence =
      'Phone access was on at 192.168.1.23, which this computer no longer has (another network?), so it stays off: choose an address to turn it on again.';
    host.handle('getPhoneAccess', () => ({
      ...phoneAccessOff(),
      route: 'lan',
      address: '192.168.1.23',
      problem: sentence,
    }));
    await openPhone(host);
    expect(await screen.findByTestId('phone-problem')).toHaveTextContent(sentence);
    expect(screen.getByTestId('phone-state')).toHaveTextContent('Off');
    expect(screen.getByTestId('phone-setup')).toBeInTheDocument();
    // The way it was on is chosen again (Tailscale is ready here too, and would be the default otherwise).
    expect(screen.getByRole('radio', { name: /Local network/ })).toBeChecked();
  });

  it('pairing shows the QR code as an image (never markup), the link with copy, the countdown, and Cancel', async () => {
    const host = await openPhone();
    await userEvent.click(await screen.findByRole('radio', { name: /Local network/ }));
    await userEvent.click(screen.getByTestId('phone-turn-on'));
    await userEvent.click(await screen.findByTestId('phone-pair-start'));
    const qr = await screen.findByTestId('phone-qr');
    expect(qr.tagName).toBe('IMG');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    // The host's SVG is never parsed into the page: none of its elements are in the document.
    expect(document.querySelector('.phone-pairing svg[viewBox="0 0 29 29"], .phone-pairing rect')).toBeNull();
    expect(screen.getByTestId('phone-link')).toHaveTextContent(/^https:\/\/192\.168\.1\.23:47800\/pair#/);
    expect(within(screen.getByTestId('phone-pairing')).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByTestId('phone-countdown')).toHaveTextContent(/^Expires in [12]:\d\d$/);
    await userEvent.click(screen.getByTestId('phone-pair-cancel'));
    await waitFor(() => expect(host.callsTo('cancelPairing')).toHaveLength(1));
    expect(screen.queryByTestId('phone-qr')).not.toBeInTheDocument();
    expect(screen.getByTestId('phone-pair-start')).toBeInTheDocument();
  });

  it('a link past its end is taken away and says it expired', async () => {
    const host = createFakeHost();
    await openPhone(host);
    await userEvent.click(await screen.findByRole('radio', { name: /Local network/ }));
    await userEvent.click(screen.getByTestId('phone-turn-on'));
    host.handle('startPairing', () => ({ link: 'https://192.168.1.23:47800/pair#x', qrSvg: '<svg/>', expiresAt: 0 }));
    await userEvent.click(await screen.findByTestId('phone-pair-start'));
    expect(await screen.findByText('That link expired unused. Pair again for a new one.')).toBeInTheDocument();
    expect(screen.queryByTestId('phone-qr')).not.toBeInTheDocument();
  });

  it('lists the paired devices; Revoke asks first and then forgets the device', async () => {
    const host = createFakeHost();
    let devices = SAMPLE_DEVICES;
    host.handle('listDevices', () => devices);
    host.handle('revokeDevice', (input) => {
      devices = devices.filter((d) => d.id !== (input as { id: string }).id);
      host.emit('phoneChanged', {});
      return null;
    });
    await openPhone(host);
    const device = await screen.findByTestId('phone-device');
    expect(device).toHaveTextContent('Ana’s iPhone');
    expect(device).toHaveTextContent('Connected now');
    expect(device).toHaveTextContent('Local network');
    expect(device).toHaveTextContent('192.168.1.41');
    for (const fact of ['Paired', 'Last seen', 'Pair again by'])
      expect(within(device).getByText(fact)).toBeInTheDocument();

    await userEvent.click(within(device).getByRole('button', { name: 'Revoke Ana’s iPhone' }));
    const ask = await screen.findByTestId('phone-revoke-confirm');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(host.callsTo('revokeDevice')).toEqual([]);
    await userEvent.click(within(device).getByRole('button', { name: 'Revoke Ana’s iPhone' }));
    await userEvent.click(
      within(await screen.findByTestId('phone-revoke-confirm')).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(host.callsTo('revokeDevice')).toEqual([{ id: 'dev-1' }]));
    expect(await screen.findByText('No device is paired.')).toBeInTheDocument();
  });

  it('says what a paired device can and cannot do', async () => {
    await openPhone();
    const can = await screen.findByRole('heading', { name: 'What a paired device can do' });
    const card = can.closest('section')!;
    expect(card).toHaveTextContent('Approve once or for this session');
    expect(card).toHaveTextContent('Approve “always” or edit a command');
  });
});
