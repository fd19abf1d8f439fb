import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/threads';
import type { TurnEvent } from '../../../../shared/turn-events';
import { summaryOf, createFakeHost, makeThread, type FakeHost } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
type Body = TurnEvent extends infer E ? (E extends unknown ? Omit<E, 'threadId' | 'turnId'> : never) : never;

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

async function sendInThread(text = 'Do the thing'): Promise<{ host: FakeHost; emit: (body: Body) => void }> {
  const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  await userEvent.type(screen.getByLabelText('Message'), `${text}{Enter}`);
  await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
  const emit = (body: Body) =>
    act(() => host.emit('turnEvent', { threadId: T, turnId: 'turn-1', ...body } as TurnEvent));
  return { host, emit };
}

describe('chat: turn states', () => {
  it('the composer invites a first message in an empty thread and a reply once the thread has one', async () => {
    const said: ChatMessage = { id: 'u1', role: 'user', createdAt: 1_700_000_000_000, text: 'Hello' };
    renderApp({ host: createFakeHost({ threads: [makeThread(T, 'Work'), makeThread('th-2', 'Talked', [said])] }) });
    await userEvent.click(await screen.findByText('Work'));
    expect(screen.getByLabelText('Message')).toHaveAttribute('placeholder', 'Ask Claude anything…');
    await userEvent.click(screen.getByText('Talked'));
    await screen.findByText('Hello');
    expect(screen.getByLabelText('Message')).toHaveAttribute('placeholder', 'Reply to Claude…');
  });

  it('queued shows its position and a Stop button; Stop asks the host to stop that turn', async () => {
    const { host, emit } = await sendInThread();
    emit({ type: 'queued', position: 2 });
    expect(await screen.findByTestId('turn-queued')).toHaveTextContent('Queued — position 2');
    await userEvent.click(screen.getByTestId('stop-button'));
    expect(host.callsTo('stopTurn')).toEqual([{ threadId: T, turnId: 'turn-1' }]);
  });

  it('waiting for another Claude Desk on the thread says so, with Stop; then it runs like any turn', async () => {
    const { host, emit } = await sendInThread();
    const sentence =
      'Waiting for the command line (claude-desk chat) to finish its turn on this thread (process 4242)…';
    emit({ type: 'queued', position: 1, elsewhere: sentence });
    expect(await screen.findByTestId('turn-queued')).toHaveTextContent(sentence);
    expect(screen.getByTestId('stop-button')).toBeInTheDocument();
    emit({ type: 'started', startedAt: Date.now() });
    expect(await screen.findByTestId('turn-running')).toBeInTheDocument();
    expect(screen.queryByText(sentence)).not.toBeInTheDocument();
    expect(host.callsTo('stopTurn')).toEqual([]);
  });

  it('running shows the elapsed time; Esc stops it; stopped is shown as such', async () => {
    const { host, emit } = await sendInThread();
    emit({ type: 'started', startedAt: Date.now() - 65_000 });
    expect(await screen.findByTestId('turn-running')).toHaveTextContent(/1:0\d/);
    await userEvent.keyboard('{Escape}');
    expect(host.callsTo('stopTurn')).toEqual([{ threadId: T, turnId: 'turn-1' }]);
    emit({ type: 'text_delta', messageId: 'm1', text: 'Partial answer' });
    // What the engine sends after a stop (recorded case 25): an is_error result, then finished: stopped.
    const verdict = { isError: true, subtype: 'error_during_execution', terminalReason: 'aborted_streaming' };
    emit({
      type: 'result',
      verdict: {
        ...verdict,
        costUsd: 0.001,
        durationMs: 900,
        numTurns: 1,
        usage: { inputTokens: 10, outputTokens: 5 },
      },
    });
    expect(screen.queryByTestId('turn-failed')).not.toBeInTheDocument();
    emit({ type: 'finished', status: 'stopped' });
    expect(await screen.findByTestId('turn-stopped')).toHaveTextContent('Stopped');
    expect(screen.queryByTestId('turn-failed')).not.toBeInTheDocument();
    expect(screen.getByText('Partial answer')).toBeInTheDocument();
    expect(screen.queryByTestId('stop-button')).not.toBeInTheDocument();
  });

  it('the footer leaves out the token counts when the turn used none (stopped before the API answered)', async () => {
    const { emit } = await sendInThread();
    emit({ type: 'started', startedAt: Date.now() });
    const usage = { inputTokens: 0, outputTokens: 0 };
    emit({
      type: 'result',
      verdict: { isError: false, subtype: 'success', costUsd: 0.0011, durationMs: 700, numTurns: 1, usage },
    });
    emit({ type: 'finished', status: 'done' });
    const footer = await screen.findByTestId('turn-footer');
    expect(footer).toHaveTextContent('$0.0011');
    expect(footer).not.toHaveTextContent(/\bin\b.*\bout\b/);
  });

  it('while the CLI retries, says why and counts down to the next try, and clears it when output resumes', async () => {
    const { emit } = await sendInThread();
    emit({ type: 'started', startedAt: Date.now() });
    // The CLI's system/api_retry for a 529 (recorded case 12f): error "overloaded", and how long it waits.
    emit({ type: 'retry', attempt: 5, maxRetries: 10, errorStatus: 529, error: 'overloaded', delayMs: 8000 });
    expect(await screen.findByTestId('turn-retrying')).toHaveTextContent(
      "Anthropic's API is overloaded — retrying in 8 s (attempt 5 of 10)",
    );
    await waitFor(() => expect(screen.getByTestId('turn-retrying')).toHaveTextContent('retrying in 7 s'), {
      timeout: 5000,
    });
    emit({ type: 'text_delta', messageId: 'm1', text: 'Back' });
    await waitFor(() => expect(screen.queryByTestId('turn-retrying')).not.toBeInTheDocument());
  });

  it('failed shows the message and hint; Retry sends the same message again from where it was', async () => {
    const { host, emit } = await sendInThread('Summarize the log');
    emit({ type: 'started', startedAt: Date.now() });
    emit({
      type: 'error',
      error: { kind: 'cli_error', message: 'API Error: 500 Internal Server Error', hint: 'Try again in a moment.' },
    });
    emit({ type: 'finished', status: 'failed' });
    const failed = await screen.findByTestId('turn-failed');
    expect(failed).toHaveTextContent('API Error: 500 Internal Server Error');
    expect(failed).toHaveTextContent('Try again in a moment.');
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    // The host forks the conversation before the message (the failed attempt becomes a branch) and sends it again.
    const [sent] = host.callsTo('sendMessage') as { messageId: string }[];
    await waitFor(() =>
      expect(host.callsTo('resendFrom')).toEqual([{ threadId: T, messageId: sent!.messageId, kind: 'retry' }]),
    );
    expect(host.callsTo('sendMessage')).toHaveLength(1);
  });

  it('a send the host refuses becomes a failed turn with Retry', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    host.handle('sendMessage', () => {
      throw new Error('sendMessage is not available yet');
    });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    await userEvent.type(screen.getByLabelText('Message'), 'hello{Enter}');
    expect(await screen.findByTestId('turn-failed')).toHaveTextContent('sendMessage is not available yet');
  });

  it('Retry after a refused send sends the text and images again, with one user bubble and no stale failure', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    let refuse = true;
    host.handle('sendMessage', () => {
      if (refuse) throw new Error('Lost the connection to Claude Desk. Reconnecting…');
      return { turnId: 'turn-9' };
    });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const box = screen.getByLabelText('Message');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    fireEvent.paste(box, { clipboardData: { files: [png], types: ['Files'] } });
    await screen.findByTestId('attachment');
    await userEvent.type(box, 'what is this?{Enter}');
    const failed = await screen.findByTestId('turn-failed');
    refuse = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(2));
    // The same message (its id, text and images); its answer is a new one, under an id of its own.
    const [first, again] = host.callsTo('sendMessage') as { turnId: string }[];
    expect({ ...again, turnId: 'x' }).toEqual({ ...first, turnId: 'x' });
    expect(again!.turnId).not.toBe(first!.turnId);
    expect(host.callsTo('sendMessage')[1]).toMatchObject({ images: [{ name: 'shot.png' }] });
    expect(screen.getAllByTestId('user-message')).toHaveLength(1);
    expect(screen.queryByTestId('turn-failed')).not.toBeInTheDocument();
  });

  it('auth required shows the login steps and an API-key field that saves the key', async () => {
    const { host, emit } = await sendInThread();
    emit({ type: 'started', startedAt: Date.now() });
    emit({ type: 'error', error: { kind: 'auth_required', message: 'Not logged in · Please run /login' } });
    emit({ type: 'finished', status: 'failed' });
    const card = await screen.findByTestId('auth-card');
    expect(card).toHaveTextContent('claude');
    expect(card).toHaveTextContent('/login');
    expect(card).toHaveTextContent('claude setup-token');
    await userEvent.type(within(card).getByLabelText('Anthropic API key'), 'sk-ant-test-123');
    await userEvent.click(within(card).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(host.callsTo('setApiKey')).toEqual([{ key: 'sk-ant-test-123' }]));
    // Write-only: the field empties and the key is never shown back.
    await waitFor(() => expect(within(card).getByLabelText('Anthropic API key')).toHaveValue(''));
    expect(document.body.textContent).not.toContain('sk-ant-test-123');
  });
});

describe('chat: composer', () => {
  it('Shift+Enter adds a new line instead of sending; focusing it pre-warms the turn', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const box = screen.getByLabelText('Message');
    await userEvent.click(box);
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    expect(host.callsTo('sendMessage')).toHaveLength(0);
    expect(host.callsTo('prepareTurn')).toContainEqual({ threadId: T });
  });

  it('a new thread made with Ctrl+N while typing pre-warms its first turn, though the composer never lost focus', async () => {
    const said: ChatMessage = { id: 'u1', role: 'user', createdAt: 1_700_000_000_000, text: 'Hello' };
    const host = createFakeHost({ threads: [makeThread(T, 'Work', [said])] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const box = screen.getByLabelText('Message');
    await userEvent.click(box);
    await userEvent.type(box, 'half a thought');
    expect(host.callsTo('prepareTurn')).toEqual([{ threadId: T }]);
    await userEvent.keyboard('{Control>}n{/Control}');
    await waitFor(() => expect(host.callsTo('createThread')).toHaveLength(1));
    const made = host.threads.find((t) => t.id !== T)!;
    await waitFor(() => expect(host.callsTo('prepareTurn')).toContainEqual({ threadId: made.id }));
    expect(screen.getByLabelText('Message')).toHaveFocus();
  });

  it('pasted images are sent as image blocks; an unsupported file becomes a short notice', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    const box = screen.getByLabelText('Message');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    const heic = new File([new Uint8Array([1, 2])], 'photo.heic', { type: 'image/heic' });
    fireEvent.paste(box, { clipboardData: { files: [png, heic], types: ['Files'] } });
    expect(await screen.findByTestId('attachment')).toHaveTextContent('shot.png');
    expect(screen.getByTestId('attachment-problem')).toHaveTextContent('photo.heic was not attached');
    await userEvent.type(box, 'what is this?{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    expect(host.callsTo('sendMessage')[0]).toEqual({
      threadId: T,
      messageId: expect.any(String),
      turnId: expect.any(String),
      text: 'what is this?',
      images: [{ mediaType: 'image/png', data: 'iVBORw==', name: 'shot.png' }],
    });
  });

  it('an empty-state suggestion fills the composer and focuses it, without sending', async () => {
    const host = createFakeHost();
    renderApp({ host });
    await userEvent.click(await screen.findByRole('button', { name: 'Explain this error message' }));
    const box = screen.getByLabelText('Message');
    expect(box).toHaveValue('Explain this error message: ');
    expect(box).toHaveFocus();
    expect(host.callsTo('sendMessage')).toHaveLength(0);
    await userEvent.type(box, 'ENOENT{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    expect(host.callsTo('sendMessage')[0]).toMatchObject({ text: 'Explain this error message: ENOENT' });
  });

  it('each thread keeps its own draft', async () => {
    const host = createFakeHost({ threads: [makeThread('a', 'Alpha'), makeThread('b', 'Beta')] });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Alpha'));
    const box = screen.getByLabelText('Message');
    await userEvent.type(box, 'half a thought');
    await userEvent.click(screen.getByText('Beta'));
    await waitFor(() => expect(screen.getByTestId('chat-title')).toHaveTextContent('Beta'));
    expect(screen.getByLabelText('Message')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Message'), 'other');
    await userEvent.click(screen.getByText('Alpha'));
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue('half a thought'));
  });

  it('the first message with no thread open creates an untitled thread: the host names it from the exchange', async () => {
    const host = createFakeHost();
    renderApp({ host });
    await userEvent.type(await screen.findByLabelText('Message'), 'Plan my week{Enter}');
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    expect(host.callsTo('createThread')).toEqual([undefined]);
  });

  it('text typed right after New thread, before the host has made it, stays in the new thread', async () => {
    const host = createFakeHost({
      threads: [makeThread('old', 'Old one', [{ id: 'u', role: 'user', createdAt: 1, text: 'hi' }])],
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    host.handle('createThread', async () => {
      await gate;
      const t = makeThread('fresh', 'New thread', [], 1_800_000_000_000);
      host.threads.push(t);
      return summaryOf(t);
    });
    renderApp({ host });
    await userEvent.click(await screen.findByText('Old one'));
    await userEvent.click(screen.getByTestId('new-thread'));
    await userEvent.type(screen.getByLabelText('Message'), 'early words');
    release();
    await waitFor(() => expect(screen.getByTestId('thread-list')).toHaveTextContent('New thread'));
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue('early words'));
    await userEvent.click(screen.getByText('Old one'));
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('a rejected ANTHROPIC_API_KEY from the environment says so and offers only that fix (no key field)', async () => {
    const { emit } = await sendInThread();
    emit({ type: 'started', startedAt: Date.now() });
    const error = {
      kind: 'auth_required' as const,
      credential: 'env_api_key' as const,
      message:
        'The Anthropic API rejected the ANTHROPIC_API_KEY set in the environment Claude Desk was started from (HTTP 401).',
      hint: 'Correct or remove ANTHROPIC_API_KEY where you start Claude Desk (shell profile, launcher), then restart Claude Desk.',
    };
    emit({ type: 'error', error });
    emit({ type: 'finished', status: 'failed' });
    const card = await screen.findByTestId('auth-card');
    expect(card).toHaveTextContent('The ANTHROPIC_API_KEY in the environment was rejected');
    expect(within(card).getByTestId('auth-fix')).toHaveTextContent('then restart Claude Desk');
    expect(within(card).queryByLabelText('Anthropic API key')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('/login');
  });

  it('a rejected saved key offers to replace it, not the login steps', async () => {
    const { emit } = await sendInThread();
    emit({ type: 'started', startedAt: Date.now() });
    emit({
      type: 'error',
      error: {
        kind: 'auth_required',
        credential: 'saved_api_key',
        message: 'The Anthropic API rejected the API key saved in Settings (HTTP 401).',
      },
    });
    emit({ type: 'finished', status: 'failed' });
    const card = await screen.findByTestId('auth-card');
    expect(card).toHaveTextContent('The API key saved in Settings was rejected');
    expect(within(card).getByLabelText('Anthropic API key')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('claude setup-token');
  });

  it('while browser mode has lost its connection, a message stays in the composer and Send says why', async () => {
    const host = createFakeHost({ threads: [makeThread(T, 'Work')], host: 'web' });
    const { store } = renderApp({ host });
    await userEvent.click(await screen.findByText('Work'));
    act(() => host.emit('connection', { state: 'reconnecting' }));
    await waitFor(() => expect(store.getState().connection).toBe('reconnecting'));
    const box = screen.getByLabelText('Message');
    await userEvent.type(box, 'Still here?{Enter}');
    expect(box).toHaveValue('Still here?');
    expect(host.callsTo('sendMessage')).toEqual([]);
    expect(screen.getByTestId('send-button')).toBeDisabled();
    expect(screen.getByTestId('composer-hint')).toHaveTextContent(
      'Not connected to Claude Desk — your message stays here',
    );
    expect(screen.queryByTestId('notices')).not.toBeInTheDocument(); // the connection banner is the one explanation
    act(() => host.emit('connection', { state: 'online' }));
    await waitFor(() => expect(screen.getByTestId('send-button')).toBeEnabled());
    await userEvent.type(box, '{Enter}');
    await waitFor(() =>
      expect(host.callsTo('sendMessage')).toEqual([expect.objectContaining({ text: 'Still here?' })]),
    );
  });
});
