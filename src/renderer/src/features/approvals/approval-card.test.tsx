import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approvalOffers } from '../../../../shared/approval-scopes';
import type { ApprovalRequest, TurnEvent } from '../../../../shared/turn-events';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
type Body = TurnEvent extends infer E ? (E extends unknown ? Omit<E, 'threadId' | 'turnId'> : never) : never;

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

// Shapes of recorded cases 20 (Write) and 20c (Bash touch, with blocked_path and three suggestions).
const write: ApprovalRequest = {
  requestId: 'w1',
  toolName: 'Write',
  input: { file_path: '/proj/notes.txt', content: 'hello from the tool\n' },
  description: 'notes.txt',
  suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
};
const bash: ApprovalRequest = {
  requestId: 'b1',
  toolName: 'Bash',
  input: { command: 'touch made-by-bash.txt', description: 'Run a shell command' },
  description: 'Run a shell command',
  blockedPath: '/proj/made-by-bash.txt',
  suggestions: [
    {
      type: 'addRules',
      rules: [{ toolName: 'Bash', ruleContent: 'touch made-by-bash.txt' }],
      behavior: 'allow',
      destination: 'localSettings',
    },
    { type: 'addDirectories', directories: ['/proj'], destination: 'session' },
  ],
};

async function ask(...requests: ApprovalRequest[]) {
  return askOn({ device: false }, ...requests);
}

async function askOn(where: { device: boolean }, ...requests: ApprovalRequest[]) {
  const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
  const { store } = renderApp({ host });
  if (where.device) act(() => store.setState({ devicePage: true }));
  await userEvent.click(await screen.findByText('Work'));
  await userEvent.type(screen.getByLabelText('Message'), 'do it{Enter}');
  await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
  const emit = (body: Body) =>
    act(() => host.emit('turnEvent', { threadId: T, turnId: 'turn-1', ...body } as TurnEvent));
  emit({ type: 'started', startedAt: Date.now() });
  for (const request of requests) emit({ type: 'approval_request', request });
  await waitFor(() => expect(screen.queryAllByTestId('approval-card')).toHaveLength(requests.length));
  const answers = () => host.callsTo('answerApproval') as { requestId: string; decision: unknown }[];
  return { host, emit, cards: () => screen.getAllByTestId('approval-card'), answers };
}

describe('approval card', () => {
  it('a Write shows the file and its content; the content can be edited before allowing', async () => {
    const { cards, answers } = await ask(write);
    const card = cards()[0]!;
    expect(card).toHaveTextContent('Claude wants to use Write file');
    expect(within(card).getByTestId('file-path')).toHaveTextContent('/proj/notes.txt');
    // The new content, as added lines of a diff.
    const added = within(card)
      .getAllByRole('row')
      .filter((r) => r.dataset.kind === 'add');
    expect(added.map((r) => r.textContent)).toEqual([expect.stringContaining('hello from the tool')]);
    expect(within(card).queryByRole('button', { name: /Always allow/ })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: /Edit content/ }));
    const box = within(card).getByRole('textbox', { name: /Content/ });
    await userEvent.clear(box);
    await userEvent.type(box, 'my version');
    await userEvent.click(within(card).getByRole('button', { name: /Allow once/ }));
    expect(answers()).toEqual([
      expect.objectContaining({
        requestId: 'w1',
        decision: {
          behavior: 'allow',
          scope: 'once',
          updatedInput: { file_path: '/proj/notes.txt', content: 'my version' },
        },
      }),
    ]);
  });

  it('a command shows the blocked path; Always allow says where the rule is written', async () => {
    const { cards, answers } = await ask(bash);
    const card = cards()[0]!;
    expect(within(card).getByTestId('approval-command')).toHaveTextContent('$ touch made-by-bash.txt');
    expect(within(card).getByTestId('approval-blocked')).toHaveTextContent('/proj/made-by-bash.txt');
    expect(card).toHaveTextContent('.claude/settings.local.json');
    await userEvent.click(within(card).getByRole('button', { name: /Always allow/ }));
    expect(answers()[0]?.decision).toEqual({ behavior: 'allow', scope: 'always' });
  });

  it('a command offers this session and always with the exact rule each writes (as the host computed them)', async () => {
    const { cards, answers } = await ask({ ...bash, offers: approvalOffers(bash, '/proj') });
    const card = cards()[0]!;
    expect(within(card).getByTestId('approval-rule')).toHaveTextContent('Rule: Bash(touch made-by-bash.txt)');
    expect(within(card).getByTestId('approval-rule')).toHaveTextContent('.claude/settings.local.json');
    // What "this session" covers: the thread, until Claude Desk quits, across its Claude Code restarts (case 55).
    const session = within(card).getByRole('button', { name: 'Allow for this session' });
    expect(session).toHaveAccessibleDescription(
      /For this session: not asked again in this thread until you quit Claude Desk \(kept in memory, no file written\)/,
    );
    expect(session).toHaveAttribute(
      'title',
      "Don't ask again for Bash(touch made-by-bash.txt) in this thread until you quit Claude Desk, even when its Claude Code process restarts",
    );
    await userEvent.click(session);
    expect(answers()[0]?.decision).toEqual({ behavior: 'allow', scope: 'session' });
  });

  it('a command the CLI offers no rule for says it can only be allowed once, and why', async () => {
    const echo: ApprovalRequest = {
      ...bash,
      input: { command: 'echo $HOME' },
      suggestions: [],
      decisionReason: "A variable in this command can't be checked before it runs",
    };
    const { cards } = await ask({ ...echo, offers: approvalOffers(echo, '/proj') });
    const card = cards()[0]!;
    expect(within(card).getByTestId('approval-once-only')).toHaveTextContent(
      "A variable in this command can't be checked before it runs, so it can only be allowed once.",
    );
    expect(within(card).queryByRole('button', { name: /Always allow/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /this session/ })).not.toBeInTheDocument();
  });

  it('a file write offers an Edit rule for the file, this session or always', async () => {
    const { cards } = await ask({ ...write, offers: approvalOffers(write, '/proj') });
    const card = cards()[0]!;
    expect(within(card).getByRole('button', { name: /Always allow/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Allow for this session' })).toBeInTheDocument();
    expect(within(card).getByTestId('approval-rule')).toHaveTextContent('Rule: Edit(notes.txt)');
  });

  it('offers "Allow for this session" when the CLI suggests it; the Deny button sends the typed reason', async () => {
    const { cards, answers, emit } = await ask(write);
    const card = cards()[0]!;
    expect(within(card).getByRole('button', { name: 'Allow for this session' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /Deny/ }));
    await userEvent.type(within(card).getByLabelText('Reason (Claude sees it)'), 'not in this folder');
    await userEvent.click(within(card).getByRole('button', { name: 'Deny' }));
    expect(answers()).toEqual([
      { threadId: T, turnId: 'turn-1', requestId: 'w1', decision: { behavior: 'deny', message: 'not in this folder' } },
    ]);
    emit({ type: 'approval_resolved', requestId: 'w1', outcome: 'denied' });
    await waitFor(() => expect(cards()[0]).toHaveAttribute('data-outcome', 'denied'));
  });

  it('any other tool shows its arguments as names and values, never as JSON', async () => {
    const { cards } = await ask({
      requestId: 'm1',
      toolName: 'mcp__app__remember',
      input: { topic: 'colours', tags: ['a', 'b'], options: { pinned: true } },
      suggestions: [],
    });
    const args = within(cards()[0]!).getByTestId('approval-args');
    expect(args).toHaveTextContent('topic');
    expect(args).toHaveTextContent('pinned: true');
    expect(args.textContent).not.toContain('{"');
    expect(args.textContent).not.toContain('["');
  });

  it("names an MCP tool by the CLI's display name, a built-in by its plain words", async () => {
    const recall: ApprovalRequest = {
      requestId: 'm1',
      toolName: 'mcp__desk__memory_recall',
      displayName: 'Memory Recall',
      input: { query: 'teal' },
      suggestions: [],
    };
    const { cards } = await ask(recall, { ...bash, displayName: 'Bash' });
    expect(cards()[0]).toHaveTextContent('Claude wants to use Memory Recall');
    expect(cards()[1]).toHaveTextContent('Claude wants to use Shell');
  });

  it('an Edit is shown as removed and added lines', async () => {
    await ask({
      requestId: 'e1',
      toolName: 'Edit',
      input: { file_path: '/proj/a.ts', old_string: 'let x = 1;', new_string: 'const x = 2;' },
      suggestions: [],
    });
    const diff = screen.getByTestId('diff-view');
    expect(within(diff).getByTestId('file-path')).toHaveTextContent('/proj/a.ts');
    const rows = within(diff).getAllByRole('row');
    expect(rows.map((r) => [r.dataset.kind, r.textContent])).toEqual([
      ['del', expect.stringContaining('let x = 1;')],
      ['add', expect.stringContaining('const x = 2;')],
    ]);
  });

  it('letters typed in the composer are text: a "y" there types y and the card keeps waiting', async () => {
    const { answers, cards } = await ask(bash);
    const composer = screen.getByLabelText('Message');
    expect(composer).toHaveFocus(); // where focus stays after sending
    await userEvent.keyboard('y');
    expect(composer).toHaveValue('y');
    await userEvent.clear(composer);
    await userEvent.keyboard('a'); // never an Always-allow rule from one key outside the card
    expect(composer).toHaveValue('a');
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('yan');
    expect(answers()).toEqual([]);
    expect(cards()[0]).toHaveAttribute('data-outcome', 'waiting');
  });

  it('Alt+R (shown on the card) moves focus to the waiting card; then Y allows once', async () => {
    const { answers, cards } = await ask(bash);
    expect(within(cards()[0]!).getByTestId('approval-keys-hint')).toHaveTextContent('Alt+R to answer with keys');
    await userEvent.keyboard('{Alt>}r{/Alt}');
    expect(cards()[0]).toHaveFocus();
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(cards()[0]).toHaveClass('approval-focused'); // the Y / A / N hints on its buttons show now
    await userEvent.keyboard('y');
    expect(answers()).toEqual([
      expect.objectContaining({ requestId: 'b1', decision: { behavior: 'allow', scope: 'once' } }),
    ]);
  });

  it('A on the focused card always allows; Alt+R again goes on to the next waiting card', async () => {
    const { answers, cards } = await ask(bash, write);
    await userEvent.keyboard('{Alt>}r{/Alt}');
    expect(cards()[0]).toHaveFocus();
    await userEvent.keyboard('{Alt>}r{/Alt}');
    expect(cards()[1]).toHaveFocus();
    await userEvent.keyboard('{Alt>}r{/Alt}');
    expect(cards()[0]).toHaveFocus();
    await userEvent.keyboard('a');
    expect(answers()).toEqual([
      expect.objectContaining({ requestId: 'b1', decision: expect.objectContaining({ scope: 'always' }) }),
    ]);
  });

  it('with several waiting, keys go only to the focused card; N then Enter denies it', async () => {
    const { cards, answers } = await ask(bash, write);
    await userEvent.keyboard('y');
    expect(answers()).toEqual([]); // a key outside the cards answers neither
    const second = cards()[1]!;
    fireEvent.keyDown(second, { key: 'n' });
    const reason = await within(second).findByLabelText('Reason (Claude sees it)');
    await userEvent.type(reason, 'wrong file{Enter}');
    expect(answers()).toEqual([
      expect.objectContaining({ requestId: 'w1', decision: { behavior: 'deny', message: 'wrong file' } }),
    ]);
  });

  it('a card the CLI withdrew shows as withdrawn, without buttons', async () => {
    const { emit, cards } = await ask(bash);
    emit({ type: 'approval_resolved', requestId: 'b1', outcome: 'cancelled' });
    await waitFor(() => expect(cards()[0]).toHaveAttribute('data-outcome', 'cancelled'));
    expect(cards()[0]).toHaveTextContent('Withdrawn');
    expect(within(cards()[0]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a card for a tool call sits under that call, whose badge then says Waiting / Denied with the reason / Allowed', async () => {
    const { emit, cards } = await ask();
    const withTool = (requestId: string, toolUseId: string): ApprovalRequest => ({ ...bash, requestId, toolUseId });
    emit({ type: 'tool_call', toolUseId: 'tu1', name: 'Bash', input: bash.input });
    emit({ type: 'approval_request', request: withTool('b1', 'tu1') });
    const [tool] = await screen.findAllByTestId('tool-card');
    expect(within(tool!).getByTestId('tool-state')).toHaveTextContent('Waiting for approval');
    expect(tool!.compareDocumentPosition(cards()[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    emit({ type: 'approval_resolved', requestId: 'b1', outcome: 'denied' });
    emit({ type: 'tool_result', toolUseId: 'tu1', content: 'User said no', isError: true });
    await waitFor(() => expect(within(tool!).getByTestId('tool-state')).toHaveTextContent('Denied'));
    expect(tool).toHaveTextContent('Denied: User said no');
    expect(tool).not.toHaveTextContent('Error');
    expect(screen.queryByTestId('approval-card')).not.toBeInTheDocument(); // no second line saying the same
    // The reason is said once: the call did not run, so its body has no output repeating it.
    expect(tool!.textContent!.split('User said no')).toHaveLength(2);
    expect(tool).not.toHaveTextContent('Failed');

    emit({ type: 'tool_call', toolUseId: 'tu2', name: 'Bash', input: bash.input });
    emit({ type: 'approval_request', request: withTool('b2', 'tu2') });
    emit({ type: 'approval_resolved', requestId: 'b2', outcome: 'allowed' });
    emit({ type: 'tool_result', toolUseId: 'tu2', content: '', isError: false });
    emit({ type: 'text_delta', messageId: 'm2', text: 'Tool said: done' });
    emit({ type: 'finished', status: 'done' });
    const second = (await screen.findAllByTestId('tool-card'))[1]!;
    await waitFor(() => expect(within(second).getByTestId('tool-state')).toHaveTextContent('Done'));
    expect(within(second).getByTestId('tool-allowed')).toHaveTextContent('Allowed');
    expect(screen.queryByTestId('approval-card')).not.toBeInTheDocument();
    // A shell call is open once answered; the head's aria-controls names the body only while the body is there.
    const head = within(second).getAllByRole('button')[0]!;
    expect(document.getElementById(head.getAttribute('aria-controls')!)).toHaveTextContent('$ touch made-by-bash.txt');
    await userEvent.click(head);
    expect(head).not.toHaveAttribute('aria-controls');
  });
});

describe('approval card on a paired device’s page', () => {
  it('offers once, for this session and deny — never Always allow or an edited command, which the device gate refuses', async () => {
    const { cards, answers } = await askOn({ device: true }, bash, write);
    const [command, file] = cards() as [HTMLElement, HTMLElement];
    for (const card of [command, file]) {
      expect(within(card).queryByRole('button', { name: /Always allow/ })).not.toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
      expect(within(card).getByRole('button', { name: /Allow once/ })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: /^Deny/ })).toBeInTheDocument();
    }
    expect(within(command).getByRole('button', { name: 'Allow for this session' })).toBeInTheDocument();
    // The rule is still named, and where the wider scope is: no "saves it in .claude/settings.local.json" offer.
    expect(within(command).getByTestId('approval-rule')).toHaveTextContent(
      /Bash\(touch made-by-bash\.txt\).*Always allow, and editing what runs, are at the computer\./,
    );
    expect(within(command).getByTestId('approval-rule')).not.toHaveTextContent(/settings\.local\.json/);
    // A focused card's A key (Always allow at the desk) does nothing here.
    command.focus();
    fireEvent.keyDown(command, { key: 'a' });
    expect(answers()).toEqual([]);
    await userEvent.click(within(command).getByRole('button', { name: 'Allow for this session' }));
    expect(answers()).toEqual([
      expect.objectContaining({
        requestId: 'b1',
        decision: expect.objectContaining({ behavior: 'allow', scope: 'session' }),
      }),
    ]);
  });
});
