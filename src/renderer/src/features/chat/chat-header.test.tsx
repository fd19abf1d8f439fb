import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

describe('chat header', () => {
  it('on a narrow window its Threads button shows the sidebar over the chat, and choosing a thread hides it', async () => {
    const host = createFakeHost({ threads: [makeThread('a', 'Alpha'), makeThread('b', 'Beta')] });
    const { container } = renderApp({ host });
    const app = container.querySelector('.app')!;
    const toggle = await screen.findByTestId('sidebar-toggle');
    expect(toggle).toHaveAccessibleName('Show threads');
    expect(toggle).toHaveAttribute('aria-controls', 'thread-sidebar');
    expect(document.getElementById('thread-sidebar')).toBeInTheDocument();
    expect(app).toHaveAttribute('data-sidebar', 'closed');
    await userEvent.click(toggle);
    expect(app).toHaveAttribute('data-sidebar', 'open');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(screen.getByTestId('thread-list')).getByText('Beta'));
    expect(app).toHaveAttribute('data-sidebar', 'closed');
    expect(screen.getByTestId('chat-title')).toHaveTextContent('Beta');
  });
});
