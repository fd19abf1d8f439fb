import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../../../shared/turn-events';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

describe("the user's hooks on a turn", () => {
  it('a hook shows running, then ran; a blocking one says why, before the call it refused', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    await userEvent.type(screen.getByLabelText('Message'), 'Write notes{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    const emit = (body: Record<string, unknown>) =>
      act(() => host.emit('turnEvent', { threadId: T, turnId: 'turn-1', ...body } as TurnEvent));
    emit({ type: 'started', startedAt: 1 });
    const ups = { type: 'hook', hookId: 'h1', name: 'UserPromptSubmit', event: 'UserPromptSubmit' };
    emit(ups);
    expect(await screen.findByText('Hook UserPromptSubmit running…')).toBeInTheDocument();
    emit({ ...ups, outcome: 'ran', exitCode: 0 });
    expect(await screen.findByText('Hook UserPromptSubmit ran')).toBeInTheDocument();
    emit({ type: 'tool_call', toolUseId: 'w1', name: 'Write', input: { file_path: 'notes.md', content: 'x' } });
    const pre = { type: 'hook', hookId: 'h2', name: 'PreToolUse:Write', event: 'PreToolUse' };
    emit(pre);
    emit({ ...pre, outcome: 'blocked', exitCode: 2, message: 'notes.md is frozen' });
    const lines = await screen.findAllByTestId('hook-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      '↪Hook UserPromptSubmit ran',
      '⛔Hook PreToolUse:Write blocked this: notes.md is frozen',
    ]);
    expect(lines[1]).toHaveAttribute('data-outcome', 'blocked');
  });

  it("a PreToolUse hook's line comes before the card of the tool it ran for (case 44b: it runs before the call)", async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    await userEvent.type(screen.getByLabelText('Message'), 'Write notes{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    const emit = (body: Record<string, unknown>) =>
      act(() => host.emit('turnEvent', { threadId: T, turnId: 'turn-1', ...body } as TurnEvent));
    emit({ type: 'started', startedAt: 1 });
    emit({ type: 'text', messageId: 'm1', text: 'Writing the notes.' });
    emit({ type: 'tool_call', toolUseId: 'w1', name: 'Write', input: { file_path: 'notes.md', content: 'x' } });
    const pre = { type: 'hook', hookId: 'h2', name: 'PreToolUse:Write', event: 'PreToolUse' };
    emit(pre);
    emit({ ...pre, outcome: 'ran', exitCode: 0 });
    emit({ type: 'tool_result', toolUseId: 'w1', content: 'File created', isError: false });
    const post = { type: 'hook', hookId: 'h3', name: 'PostToolUse:Write', event: 'PostToolUse' };
    emit(post);
    emit({ ...post, outcome: 'ran', exitCode: 0 });
    const [line, after] = await screen.findAllByTestId('hook-line');
    const card = screen.getByTestId('tool-card');
    const before = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(line).toHaveTextContent('Hook PreToolUse:Write ran');
    expect(before(line!, card)).toBe(true);
    expect(before(screen.getByText('Writing the notes.'), line!)).toBe(true);
    // A PostToolUse hook ran after it: its line follows the card.
    expect(after).toHaveTextContent('Hook PostToolUse:Write ran');
    expect(before(card, after!)).toBe(true);
  });
});
