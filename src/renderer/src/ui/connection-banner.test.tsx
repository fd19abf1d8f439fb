import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONNECTION_NOTICES } from '../connection-notices';
import { renderApp } from '../test-support/render-app';

describe('connection banner (browser mode)', () => {
  it('shows "Reconnecting" while the socket is down, and goes away when it is back', async () => {
    const { host } = renderApp();
    await screen.findByTestId('chat-header');
    act(() => host.emit('notice', { level: 'info', message: CONNECTION_NOTICES.lost }));
    expect(screen.getByTestId('connection-banner')).toHaveTextContent('Reconnecting to Claude Desk…');
    expect(screen.queryByTestId('notices')).not.toBeInTheDocument();
    act(() => host.emit('notice', { level: 'info', message: CONNECTION_NOTICES.connected }));
    expect(screen.queryByTestId('connection-banner')).not.toBeInTheDocument();
  });

  it('a refused key says to open the address claude-desk web printed', async () => {
    const { host } = renderApp();
    await screen.findByTestId('chat-header');
    act(() => host.emit('notice', { level: 'info', message: CONNECTION_NOTICES.refused }));
    expect(screen.getByRole('alert')).toHaveTextContent(/Open the address claude-desk web printed/);
  });
});
