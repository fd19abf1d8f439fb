import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeHost, makeThread } from '../test-support/fake-api';
import { renderApp } from '../test-support/render-app';
import { RowAction } from './row-action';

describe('row action button', () => {
  it('is named, out of the tab order, and says its state only when it is a toggle', async () => {
    const onClick = vi.fn();
    render(
      <>
        <RowAction icon="pin" label="Pin Parser" title="Pin to the top (P)" pressed onClick={onClick} />
        <RowAction icon="trash" label="Delete Parser" onClick={() => {}} />
      </>,
    );
    const pin = screen.getByRole('button', { name: 'Pin Parser' });
    expect(pin).toHaveAttribute('tabindex', '-1');
    expect(pin).toHaveAttribute('aria-pressed', 'true');
    expect(pin).toHaveAttribute('title', 'Pin to the top (P)');
    expect(pin).toHaveClass('pinned');
    expect(screen.getByRole('button', { name: 'Delete Parser' })).not.toHaveAttribute('aria-pressed');
    await userEvent.click(pin);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("a project heading's pin and + are the same buttons as a thread row's", async () => {
    const thread = makeThread('t-fix', 'Fix login', [], Date.now());
    thread.settings = { projectDir: '/home/me/app' };
    // Groups show once there is more than one project: a plain chat is the other.
    const plain = makeThread('t-plain', 'Plain question', [], Date.now() - 1000);
    renderApp({ host: createFakeHost({ threads: [thread, plain] }) });
    const row = (await screen.findByText('Fix login')).closest('li')!;
    const group = screen.getAllByTestId('project-group').find((g) => g.dataset.project === '/home/me/app')!;
    const rowPin = within(row).getByRole('button', { name: 'Pin Fix login' });
    const groupPin = within(group).getByRole('button', { name: 'Pin project app' });
    const markup = (b: HTMLElement) => [b.className, b.tabIndex, b.getAttribute('aria-pressed')];
    expect(markup(groupPin)).toEqual(markup(rowPin));
    expect(within(group).getByRole('button', { name: 'New thread in app' })).toHaveAttribute('tabindex', '-1');
  });
});
