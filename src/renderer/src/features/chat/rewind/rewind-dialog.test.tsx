import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RewindPreview } from '../../../../../shared/rewind';
import type { ChatMessage } from '../../../../../shared/threads';
import { createFakeHost, makeThread } from '../../../test-support/fake-api';
import { giveScrollerAViewport } from '../../../test-support/jsdom-layout';
import { renderApp } from '../../../test-support/render-app';

const messages: ChatMessage[] = [
  { id: 'u1', role: 'user', createdAt: 1, text: 'first' },
  { id: 'a1', role: 'assistant', createdAt: 2, status: 'done', parts: [{ kind: 'text', text: 'one' }] },
  { id: 'u2', role: 'user', createdAt: 3, text: 'change the files' },
  { id: 'a2', role: 'assistant', createdAt: 4, status: 'done', parts: [{ kind: 'text', text: 'changed' }] },
];
const preview: RewindPreview = {
  threadId: 't1',
  messageId: 'u2',
  source: 'git',
  limits: [],
  files: [
    { path: 'a.txt', action: 'delete', conflict: false, current: 'new a\n' },
    { path: 'b.txt', action: 'restore', conflict: false, before: 'original b\n', current: 'edited b\n' },
    { path: 'notes.md', action: 'restore', conflict: true, before: 'v1\n', current: 'v2 by me\n' },
  ],
};

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

async function openRewind() {
  const host = createFakeHost({ threads: [makeThread('t1', 'Work', messages)] });
  host.handle('previewRewind', () => preview);
  host.handle('rewindThread', (input) => ({
    threadId: 't1',
    messageId: 'u2',
    restored: ['a.txt', 'b.txt'],
    kept: ['notes.md'],
    text: 'change the files',
    input,
  }));
  const app = renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  const bubble = (await screen.findAllByTestId('user-message'))[1]!;
  await userEvent.click(within(bubble).getByRole('button', { name: 'Rewind to here' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rewind to before this message' });
  return { host, dialog, app };
}

describe('Rewind to here', () => {
  it('lists what will change first (a diff per file, conflicts kept), then rewinds and puts the message back in the composer', async () => {
    const { host, dialog } = await openRewind();
    const rows = await within(dialog).findAllByTestId('rewind-file');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Removea.txt'),
      expect.stringContaining('Restoreb.txt'),
      expect.stringContaining('Changed after Claude — kept'),
    ]);
    expect(within(dialog).getByLabelText('Changes to b.txt')).toHaveTextContent('removed: edited b');
    expect(within(dialog).getByLabelText('Changes to b.txt')).toHaveTextContent('added: original b');
    // The conflicting file is only restored when its box is ticked; the button counts what will change.
    const confirm = within(dialog).getByTestId('rewind-confirm');
    expect(confirm).toHaveTextContent('Rewind and restore 2 files');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(host.callsTo('rewindThread')).toEqual([{ threadId: 't1', messageId: 'u2', overwrite: [] }]);
    expect(screen.getByRole('textbox', { name: /message/i })).toHaveValue('change the files');
    expect(await screen.findByText(/Rewound: 2 files restored; 1 you changed kept/)).toBeInTheDocument();
  });

  it('ticking a conflict sends it to be overwritten; Cancel changes nothing', async () => {
    const { host, dialog } = await openRewind();
    await userEvent.click(await within(dialog).findByLabelText('Replace my changes too'));
    expect(within(dialog).getByTestId('rewind-confirm')).toHaveTextContent('Rewind and restore 3 files');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(host.callsTo('rewindThread')).toEqual([]);
  });

  it('says what the host refused (e.g. a turn still running) and stays open', async () => {
    const { host, dialog } = await openRewind();
    host.handle('rewindThread', () => {
      throw new Error('Wait until Claude has finished answering (or press Stop), then rewind.');
    });
    await userEvent.click(await within(dialog).findByTestId('rewind-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wait until Claude has finished answering');
  });
});

describe('the other branch', () => {
  it('a marker sits where the rewind happened; Show opens the set-aside messages and Switch brings them back', async () => {
    const now: ChatMessage[] = [
      messages[0]!,
      messages[1]!,
      { id: 'u3', role: 'user', createdAt: 5, text: 'instead this' },
    ];
    const thread = {
      ...makeThread('t1', 'Work', now),
      branches: [{ id: 'b1', fromMessageId: 'u2', afterMessageId: 'a1', createdAt: 4, messages: messages.slice(2) }],
    };
    const host = createFakeHost({ threads: [thread] });
    host.handle('listBranches', () => [{ id: 'b1', afterMessageId: 'a1', createdAt: 4, messageCount: 2 }]);
    host.handle('switchBranch', () => ({ restored: ['a.txt'], kept: ['b.txt'] }));
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const marker = await screen.findByTestId('branch-marker');
    expect(marker).toHaveTextContent('Rewound here · the other branch has 2 messages');
    // Right before the message that replaced the old branch, not before the first one.
    const bubbles = screen.getAllByTestId('user-message');
    expect(marker.compareDocumentPosition(bubbles[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(marker.compareDocumentPosition(bubbles[0]!) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();

    await userEvent.click(within(marker).getByRole('button', { name: 'Show the other branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'The other branch' });
    expect(await within(dialog).findByText('change the files')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByTestId('branch-switch'));
    await waitFor(() => expect(host.callsTo('switchBranch')).toEqual([{ threadId: 't1', branchId: 'b1' }]));
    // A file the user changed since the rewind is not overwritten by the switch, and the notice says so.
    expect(
      await screen.findByText(/One file you changed since was left as you left them \(b\.txt\)/),
    ).toBeInTheDocument();
  });

  it("words the marker by what made the branch; an old branch without a kind still reads 'Rewound here'", async () => {
    const four: ChatMessage[] = [
      { id: 'u1', role: 'user', createdAt: 1, text: 'first' },
      { id: 'u2', role: 'user', createdAt: 2, text: 'second' },
      { id: 'u3', role: 'user', createdAt: 3, text: 'third' },
      { id: 'u4', role: 'user', createdAt: 4, text: 'fourth' },
    ];
    const host = createFakeHost({ threads: [makeThread('t1', 'Work', four)] });
    host.handle('listBranches', () => [
      { id: 'b1', kind: 'edit', afterMessageId: 'u1', createdAt: 5, messageCount: 1 },
      { id: 'b2', kind: 'regenerate', afterMessageId: 'u2', createdAt: 6, messageCount: 3 },
      { id: 'b3', kind: 'retry', afterMessageId: 'u3', createdAt: 7, messageCount: 2 },
      { id: 'b4', afterMessageId: 'u3', createdAt: 8, messageCount: 2 },
    ]);
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    await waitFor(() => expect(screen.getAllByTestId('branch-marker')).toHaveLength(3));
    const rows = screen.getAllByTestId('branch-marker').map((m) => m.textContent ?? '');
    expect(rows[0]).toContain('Edited here · the other branch has 1 message');
    expect(rows[1]).toContain('Regenerated here · the other branch has 3 messages');
    expect(rows[2]).toMatch(/Retried here · the other branch has 2 messages.*Rewound here · the other branch has 2/);
  });
});
