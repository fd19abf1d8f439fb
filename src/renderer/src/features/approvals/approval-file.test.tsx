import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalFile, ApprovalRequest, TurnEvent } from '../../../../shared/turn-events';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

const README = '# Project\n\nOne.\nTwo.\nThree.\n';

/** A card for `request`, the host answering readApprovalFile with whatever `disk` holds at the time. */
async function ask(request: ApprovalRequest, disk: { file: ApprovalFile }) {
  const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
  host.handle('readApprovalFile', () => disk.file);
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  await userEvent.type(screen.getByLabelText('Message'), 'do it{Enter}');
  await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
  const emit = (body: object) =>
    act(() => host.emit('turnEvent', { threadId: T, turnId: 'turn-1', ...body } as TurnEvent));
  emit({ type: 'started', startedAt: Date.now() });
  emit({ type: 'approval_request', request });
  const card = await screen.findByTestId('approval-card');
  return { host, card };
}
const rows = (card: HTMLElement, kind: string) =>
  within(card)
    .getAllByRole('row')
    .filter((r) => r.dataset.kind === kind)
    .map((r) => r.textContent);

describe('an approval card compares with the file on disk', () => {
  it('a Write over an existing file shows the lines it removes and says it overwrites the file', async () => {
    const write = {
      requestId: 'w1',
      toolName: 'Write',
      input: { file_path: '/proj/README.md', content: README.replace('Three.', 'Three, rewritten.') },
      suggestions: [],
    };
    const { card } = await ask(write, { file: { state: 'exists', content: README } });
    expect(await within(card).findByTestId('approval-file-state')).toHaveTextContent(
      'Overwrites an existing file: README.md is replaced by this content.',
    );
    expect(rows(card, 'del')).toEqual([expect.stringContaining('Three.')]);
    expect(rows(card, 'add')).toEqual([expect.stringContaining('Three, rewritten.')]);
  });

  it('a file changed on disk while the card waits is read again when the window gets focus back', async () => {
    const write = {
      requestId: 'w1',
      toolName: 'Write',
      input: { file_path: '/proj/README.md', content: README },
      suggestions: [],
    };
    const disk = { file: { state: 'exists', content: README } as ApprovalFile };
    const { card, host } = await ask(write, disk);
    expect(await within(card).findByTestId('approval-file-state')).toHaveTextContent('nothing changes');
    disk.file = { state: 'exists', content: README.replace('One.', 'One, by hand.') };
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() =>
      expect(within(card).getByTestId('approval-file-state')).toHaveTextContent(
        'README.md changed on disk while this card waited (shown as it is now): Claude Code will refuse this change until Claude reads the file again.',
      ),
    );
    expect(rows(card, 'del')).toEqual([expect.stringContaining('One, by hand.')]);
    expect(host.callsTo('readApprovalFile')).toEqual([
      { threadId: T, turnId: 'turn-1', requestId: 'w1' },
      { threadId: T, turnId: 'turn-1', requestId: 'w1' },
    ]);
  });

  it('an Edit whose text is no longer in the file says it will fail, with no diff', async () => {
    const edit = {
      requestId: 'e1',
      toolName: 'Edit',
      input: { file_path: '/proj/notes.txt', old_string: 'beta\n', new_string: 'BETA\n' },
      suggestions: [],
    };
    const { card } = await ask(edit, { file: { state: 'exists', content: 'alpha\ngamma\n' } });
    expect(await within(card).findByTestId('approval-file-state')).toHaveTextContent(
      'This edit will fail: the text it replaces is no longer in notes.txt.',
    );
    expect(within(card).queryByTestId('diff-view')).toBeNull();
  });

  it('an Edit that applies is drawn with the file’s own line numbers', async () => {
    const edit = {
      requestId: 'e1',
      toolName: 'Edit',
      input: { file_path: '/proj/notes.txt', old_string: 'beta', new_string: 'BETA' },
      suggestions: [],
    };
    const { card } = await ask(edit, { file: { state: 'exists', content: 'alpha\nbeta\n' } });
    expect(await within(card).findByTestId('approval-file-state')).toHaveTextContent('Edits notes.txt.');
    expect(rows(card, 'del')).toEqual([expect.stringMatching(/^2.*beta/)]);
  });

  it('a file outside the project folder is not read, and the card says what it shows instead', async () => {
    const write = {
      requestId: 'w1',
      toolName: 'Write',
      input: { file_path: '/etc/hosts', content: 'x\n' },
      suggestions: [],
    };
    const { card } = await ask(write, { file: { state: 'outside' } });
    expect(await within(card).findByTestId('approval-file-state')).toHaveTextContent(
      'hosts is outside the project folder: Claude Desk does not read it, so this shows only the new content.',
    );
    expect(rows(card, 'add')).toEqual([expect.stringContaining('x')]);
  });
});
