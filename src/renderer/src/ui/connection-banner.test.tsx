import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test-support/render-app';

describe('connection banner (browser mode)', () => {
  it('shows "Reconnecting" while the socket is down, and goes away when it is back', async () => {
    const { host } = renderApp();
    await screen.findByTestId('chat-header');
    act(() => host.emit('connection', { state: 'reconnecting' }));
    expect(screen.getByTestId('connection-banner')).toHaveTextContent('Reconnecting to Claude Desk…');
    expect(screen.queryByTestId('notices')).not.toBeInTheDocument();
    act(() => host.emit('connection', { state: 'online' }));
    expect(screen.queryByTestId('connection-banner')).not.toBeInTheDocument();
  });

  it('a refused key says to open the address claude-desk web printed', async () => {
    const { host } = renderApp();
    await screen.findByTestId('chat-header');
    act(() => host.emit('connection', { state: 'refused' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/Open the address claude-desk web printed/);
  });
});
