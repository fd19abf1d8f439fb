import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotifyState } from '../../../../shared/notify';
import { setApiForTests } from '../../api';
import { createDeskStore } from '../../store/desk-store';
import { DeskStoreProvider } from '../../store/store-context';
import { createFakeHost } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { PushToggle } from './push-toggle';

const state = (over: Partial<NotifyState['ntfy']> = {}, extra: Partial<NotifyState> = {}): NotifyState => ({
  ntfy: { hasToken: false, tokenStorage: 'encrypted', titles: false, ...over },
  push: { devices: 0, subscriptions: 0 },
  ...extra,
});

async function openNotifications(host = createFakeHost()) {
  renderApp({ host });
  await userEvent.click(await screen.findByTestId('open-settings'));
  await userEvent.click(
    within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('button', {
      name: 'Notifications',
    }),
  );
  return screen.findByTestId('notify-settings');
}

describe('Settings → Notifications', () => {
  it('saves the ntfy server, topic and token; the token is not shown again', async () => {
    const host = createFakeHost();
    let current = state();
    host.handle('getNotify', () => current);
    host.handle('setNotify', (patch) => {
      const p = patch as { ntfyServer?: string; ntfyTopic?: string; ntfyToken?: string };
      current = state({ server: p.ntfyServer, topic: p.ntfyTopic, hasToken: Boolean(p.ntfyToken) });
      return current;
    });
    const section = await openNotifications(host);
    await userEvent.type(within(section).getByLabelText('Server'), 'https://ntfy.example.org');
    await userEvent.type(within(section).getByLabelText('Topic'), 'desk');
    await userEvent.type(within(section).getByLabelText('Access token'), 'tk_secret');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(host.callsTo('setNotify')).toEqual([
        { ntfyServer: 'https://ntfy.example.org', ntfyTopic: 'desk', ntfyToken: 'tk_secret' },
      ]),
    );
    await waitFor(() => expect(within(section).getByLabelText('Access token')).toHaveValue(''));
    expect(within(section).getByText('Saved, encrypted with your system keychain.')).toBeInTheDocument();
    expect(section.textContent).not.toContain('tk_secret');
  });

  it('titles are off by default, with the warning that ntfy is not end-to-end encrypted', async () => {
    const host = createFakeHost();
    host.handle('getNotify', () => state());
    host.handle('setNotify', () => state({ titles: true }));
    const section = await openNotifications(host);
    const box = within(section).getByRole('checkbox', { name: /thread titles/ });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    expect(screen.getByTestId('ntfy-titles-warning')).toHaveTextContent(/not end-to-end encrypted/);
    expect(screen.getByTestId('ntfy-titles-warning')).toHaveTextContent(/only “A thread is waiting for you”/);
    await userEvent.click(box);
    await waitFor(() => expect(host.callsTo('setNotify')).toEqual([{ ntfyTitles: true }]));
    await waitFor(() => expect(box).toBeChecked());
  });

  it('what went wrong is one sentence; a refused save says why', async () => {
    const host = createFakeHost();
    host.handle('getNotify', () =>
      state({}, { problem: 'ntfy.example.org refused the ntfy token; enter a token that may publish to the topic.' }),
    );
    host.handle('setNotify', () => {
      throw new Error('The ntfy server must use https: the token would travel in the clear.');
    });
    const section = await openNotifications(host);
    expect(await within(section).findByTestId('notify-problem')).toHaveTextContent(
      'Last time: ntfy.example.org refused the ntfy token; enter a token that may publish to the topic.',
    );
    await userEvent.type(within(section).getByLabelText('Server'), 'http://ntfy.example.org');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(/must use https/);
  });
});

describe('Turn on notifications (a paired device)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for permission only when the button is pressed, then subscribes with the computer key', async () => {
    const host = createFakeHost();
    setApiForTests(host.api);
    const requestPermission = vi.fn(async () => 'granted');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.stubGlobal('PushManager', function PushManager() {});
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      options: { applicationServerKey: null },
      toJSON: () => ({ keys: { p256dh: 'BP256', auth: 'AUTH' } }),
    };
    const subscribe = vi.fn(async () => subscription);
    const registration = { pushManager: { getSubscription: async () => null, subscribe } };
    const register = vi.fn(async () => registration);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { register, ready: Promise.resolve(registration), getRegistration: async () => undefined },
    });
    const store = createDeskStore();
    render(
      <DeskStoreProvider store={store}>
        <PushToggle />
      </DeskStoreProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Turn on notifications' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(button);
    await screen.findByText('Notifications are on for this device.');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/notify-worker.js', { scope: '/' });
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(host.callsTo('subscribePush')).toEqual([
      { subscription: { endpoint: subscription.endpoint, keys: { p256dh: 'BP256', auth: 'AUTH' } } },
    ]);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('a browser without push says what to do (iPhone: add to the Home Screen)', async () => {
    const store = createDeskStore();
    render(
      <DeskStoreProvider store={store}>
        <PushToggle />
      </DeskStoreProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(/add Claude Desk to the Home Screen/);
  });
});
