import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../test-support/fake-api';
import { renderWithStore } from '../../test-support/render-with-store';
import { ToolCard } from '../chat/tool-card';
import { STORED_PAGE_BYTES } from './stored-result';

/** 400 KiB of numbered lines ending in the line a user looks for; ASCII, so bytes = characters. */
const full = `${Array.from({ length: 40_000 }, (_, i) => `line ${String(i).padStart(4, '0')}`).join('\n')}\nBUILD FAILED`;

function hostServingPages() {
  const host = createFakeHost();
  host.handle('readToolResult', (input) => {
    const { offset = 0, limit = STORED_PAGE_BYTES } = input as { offset?: number; limit?: number };
    const end = Math.min(full.length, offset + limit);
    return { text: full.slice(offset, end), offset, total: full.length, nextOffset: end < full.length ? end : null };
  });
  return host;
}

const part = {
  kind: 'tool' as const,
  toolUseId: 'toolu_big',
  name: 'Bash',
  input: { command: 'npm run build' },
  result: full.slice(0, 16 * 1024),
  resultChars: full.length,
};

describe('a big tool result stored beside the thread', () => {
  it('says the card shows only its head, and Show all pages the whole output from the host, last page included', async () => {
    const host = hostServingPages();
    const { store } = renderWithStore(<ToolCard part={part} turnOver />, { host });
    act(() => store.setState({ activeThreadId: 't1' }));
    expect(screen.getByTestId('stored-result')).toHaveTextContent(
      `The output is ${full.length.toLocaleString('en-US')} characters; this card shows the first 16,384.`,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(screen.getByTestId('stored-result-range')).toHaveTextContent(/^0 B–128\.0 KB of /));
    expect(host.callsTo('readToolResult')[0]).toEqual({
      threadId: 't1',
      toolUseId: 'toolu_big',
      offset: 0,
      limit: STORED_PAGE_BYTES,
    });
    await user.click(screen.getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    const pages = screen.getAllByTestId('terminal-output');
    expect(pages[pages.length - 1]).toHaveTextContent(/BUILD FAILED$/);
    // One page held at a time: the window never holds the whole 400 KiB.
    expect(pages[pages.length - 1]!.textContent!.length).toBeLessThanOrEqual(STORED_PAGE_BYTES);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
  });

  it('a result no longer on disk says so instead of showing nothing', async () => {
    const host = createFakeHost();
    host.handle('readToolResult', () => null);
    const { store } = renderWithStore(<ToolCard part={part} turnOver />, { host });
    act(() => store.setState({ activeThreadId: 't1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The full output is no longer stored');
  });
});
