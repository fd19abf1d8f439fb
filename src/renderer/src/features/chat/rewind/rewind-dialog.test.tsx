import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RewindPreview } from '../../../../../shared/rewind';
import type { ChatMessage } from '../../../../../shared/threads';
import type { BranchKind } from '../../../../../shared/turn-states';
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
/** The same rewind in a folder another thread shares: c.txt is that thread's. */
const shared: RewindPreview = {
  ...preview,
  files: [
    ...preview.files,
    {
      path: 'c.txt',
      action: 'delete',
      conflict: true,
      current: 'from the other thread\n',
      otherThread: { id: 't2', title: 'Other work' },
    },
  ],
};

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

async function openRewind(shown: RewindPreview = preview) {
  const host = createFakeHost({ threads: [makeThread('t1', 'Work', messages)] });
  host.handle('previewRewind', () => shown);
  host.handle('rewindThread', (input) => ({
    threadId: 't1',
    messageId: 'u2',
    scope: (input as { scope?: string }).scope ?? 'both',
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
    expect(host.callsTo('rewindThread')).toEqual([{ threadId: 't1', messageId: 'u2', overwrite: [], scope: 'both' }]);
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

  it("shows every file's diff open, and the three choices (Code and conversation first)", async () => {
    const { host, dialog } = await openRewind();
    await within(dialog).findAllByTestId('rewind-file');
    expect(within(dialog).getByLabelText('Changes to b.txt')).toBeVisible();
    expect(within(dialog).getByLabelText('Changes to a.txt')).toBeVisible();
    const choices = within(dialog).getByRole('radiogroup', { name: 'What to rewind' });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Code and conversation', 'Conversation only', 'Code only']);
    expect(within(choices).getByRole('radio', { name: /Code and conversation/ })).toBeChecked();

    // Conversation only: no file is touched, the button says so.
    await userEvent.click(within(choices).getByRole('radio', { name: /Conversation only/ }));
    expect(within(dialog).getByTestId('rewind-confirm')).toHaveTextContent('Rewind the conversation');
    expect(within(dialog).queryByLabelText('Changes to b.txt')).not.toBeInTheDocument();
    // Code only: the files go back, the conversation stays, the message does not return to the composer.
    await userEvent.click(within(choices).getByRole('radio', { name: /Code only/ }));
    expect(within(dialog).getByTestId('rewind-confirm')).toHaveTextContent('Restore 2 files');
    await userEvent.click(within(dialog).getByTestId('rewind-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(host.callsTo('rewindThread')).toEqual([{ threadId: 't1', messageId: 'u2', overwrite: [], scope: 'code' }]);
    expect(screen.getByRole('textbox', { name: /message/i })).toHaveValue('');
    expect(
      await screen.findByText(/2 files restored; 1 you changed kept as they are\. The conversation/),
    ).toBeInTheDocument();
  });

  it("lists another thread's files apart, unticked, named by that thread; ticking one restores it too", async () => {
    const { host, dialog } = await openRewind(shared);
    const mine = await within(dialog).findByRole('list', { name: 'Files that will change' });
    expect(within(mine).queryByText('c.txt')).not.toBeInTheDocument();
    const others = within(dialog).getByRole('list', { name: 'Changed by another thread' });
    expect(within(others).getAllByTestId('rewind-file')).toHaveLength(1);
    expect(others).toHaveTextContent('c.txt');
    expect(others).toHaveTextContent('Last changed by “Other work”');
    expect(within(others).getByLabelText('Changes to c.txt')).toBeVisible();
    const tick = within(others).getByRole('checkbox', { name: 'Remove c.txt too' });
    expect(tick).not.toBeChecked();
    expect(within(dialog).getByTestId('rewind-confirm')).toHaveTextContent('Rewind and restore 2 files');
    await userEvent.click(tick);
    expect(within(dialog).getByTestId('rewind-confirm')).toHaveTextContent('Rewind and restore 3 files');
    await userEvent.click(within(dialog).getByTestId('rewind-confirm'));
    await waitFor(() =>
      expect(host.callsTo('rewindThread')).toEqual([
        { threadId: 't1', messageId: 'u2', overwrite: ['c.txt'], scope: 'both' },
      ]),
    );
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

  it("other versions of a message are one compact switcher '◀ n/m ▶'; only a rewind says 'Rewound here'", async () => {
    const four: ChatMessage[] = [
      { id: 'u1', role: 'user', createdAt: 1, text: 'first' },
      { id: 'u2', role: 'user', createdAt: 2, text: 'second' },
      { id: 'u3', role: 'user', createdAt: 3, text: 'third' },
      { id: 'u4', role: 'user', createdAt: 4, text: 'fourth' },
    ];
    // The real host sends a thread with its branches whole; the rows count their messages.
    const held = (n: number): ChatMessage[] =>
      Array.from({ length: n }, (_, i) => ({ id: `x${i}`, role: 'user', createdAt: 9, text: 'x' }));
    const branch = (id: string, afterMessageId: string, n: number, kind?: BranchKind) => ({
      id,
      ...(kind ? { kind } : {}),
      fromMessageId: `f-${id}`,
      afterMessageId,
      createdAt: 5,
      messages: held(n),
    });
    const thread = {
      ...makeThread('t1', 'Work', four),
      branches: [
        branch('b1', 'u1', 1, 'edit'),
        branch('b2', 'u2', 3, 'regenerate'),
        branch('b3', 'u3', 2, 'retry'),
        branch('b4', 'u3', 2),
      ],
    };
    const host = createFakeHost({ threads: [thread] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    await waitFor(() => expect(screen.getAllByTestId('branch-marker')).toHaveLength(3));
    const markers = screen.getAllByTestId('branch-marker');
    expect(markers.map((m) => within(m).queryByTestId('branch-switcher')?.textContent)).toEqual([
      '◀2/2▶',
      '◀2/2▶',
      '◀2/2▶',
    ]);
    for (const m of markers) expect(m).not.toHaveTextContent(/(Edited|Regenerated|Retried) here/);
    // The rewind at the third message keeps its line; the switcher beside it counts only the retry.
    expect(markers[2]).toHaveTextContent('Rewound here · the other branch has 2 messages');
    expect(markers[0]).not.toHaveTextContent('Rewound here');
    // ◀ shows the earlier version, with the way to switch to it; the count follows.
    const switcher = within(markers[1]!).getByRole('group', { name: 'Versions of this message' });
    expect(within(switcher).getByRole('button', { name: 'Show the next version' })).toBeDisabled();
    await userEvent.click(within(switcher).getByRole('button', { name: 'Show the previous version' }));
    expect(await screen.findByTestId('branch-dialog')).toBeInTheDocument();
    expect(switcher).toHaveTextContent('1/2');
  });
});
