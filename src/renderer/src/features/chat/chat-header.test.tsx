import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

describe('chat header', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('on a narrow window its sidebar button shows the sidebar over the chat, and choosing a thread hides it', async () => {
    narrowWindow(true);
    const host = createFakeHost({ threads: [makeThread('a', 'Alpha'), makeThread('b', 'Beta')] });
    const { container } = renderApp({ host });
    const app = container.querySelector('.app')!;
    const toggle = await screen.findByTestId('sidebar-toggle');
    expect(toggle).toHaveAccessibleName('Show sidebar');
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

  it('on a wide window the same button, or Ctrl+B, folds the sidebar away and back', async () => {
    narrowWindow(false);
    const host = createFakeHost({ threads: [makeThread('a', 'Alpha')] });
    const { container } = renderApp({ host });
    const app = container.querySelector('.app')!;
    const toggle = await screen.findByTestId('sidebar-toggle');
    expect(toggle).toHaveAccessibleName('Hide sidebar');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(app).toHaveAttribute('data-sidebar-collapsed', 'true');
    expect(toggle).toHaveAccessibleName('Show sidebar');
    await userEvent.keyboard('{Control>}b{/Control}');
    expect(app).not.toHaveAttribute('data-sidebar-collapsed');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

/** jsdom has no matchMedia: answer the narrow-window query as a window of that width would. */
function narrowWindow(narrow: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}
