import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, ChatMessage, UserMessage } from '../../../../shared/threads';
import type { TurnVerdict } from '../../../../shared/turn-events';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';
import { percentLabel } from './context-meter';

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

const verdict = (context: TurnVerdict['context'], numTurns = 1): TurnVerdict => ({
  isError: false,
  subtype: 'success',
  costUsd: 0.001,
  durationMs: 500,
  numTurns,
  usage: { inputTokens: 10, outputTokens: 5 },
  context,
});
const answer = (
  id: string,
  context: TurnVerdict['context'],
  extra: Partial<AssistantMessage> = {},
): AssistantMessage => ({
  id,
  role: 'assistant',
  createdAt: 1,
  status: 'done',
  parts: [{ kind: 'text', text: `Answer ${id}` }],
  verdict: verdict(context),
  ...extra,
});
const question = (id: string, text = 'Hi'): UserMessage => ({ id, role: 'user', createdAt: 1, text });

async function open(messages: ChatMessage[]) {
  const host = createFakeHost({ threads: [makeThread('t1', 'Work', messages)] });
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  return host;
}

describe('context meter', () => {
  it("its panel lists what fills the window by category, from the latest turn's breakdown (case 39)", async () => {
    const usage = {
      totalTokens: 2571,
      maxTokens: 1_000_000,
      categories: [
        { name: 'System prompt', tokens: 100, kind: 'used' as const },
        { name: 'Skills', tokens: 2067, kind: 'used' as const },
        { name: 'Messages', tokens: 404, kind: 'used' as const },
        { name: 'Free space', tokens: 964429, kind: 'free' as const },
        { name: 'Autocompact buffer', tokens: 33000, kind: 'buffer' as const },
      ],
    };
    const older = { ...usage, categories: [{ name: 'Stale', tokens: 1, kind: 'used' as const }] };
    await open([
      question('u1'),
      answer('a1', { tokens: 2_000, window: 1_000_000 }, { contextUsage: older }),
      question('u2'),
      answer('a2', { tokens: 2_600, window: 1_000_000 }, { contextUsage: usage }),
    ]);
    await userEvent.click(await screen.findByTestId('context-meter'));
    const rows = within(screen.getByTestId('context-breakdown')).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'System prompt100<0.1%',
      'Skills2.1k0.2%',
      'Messages404<0.1%',
      'Autocompact buffer33k3.3%',
      'Free space964k96%',
    ]);
  });

  it('shows no breakdown after /clear until a turn brings one', async () => {
    const usage = { totalTokens: 1, categories: [{ name: 'Skills', tokens: 1, kind: 'used' as const }] };
    await open([
      question('u1'),
      answer('a1', { tokens: 2_000, window: 1_000_000 }, { contextUsage: usage }),
      { ...question('u2', '/clear'), marker: 'clear' },
      question('u3'),
      answer('a3', { tokens: 500, window: 1_000_000 }),
    ]);
    await userEvent.click(await screen.findByTestId('context-meter'));
    expect(screen.getByTestId('context-panel')).toBeInTheDocument();
    expect(screen.queryByTestId('context-breakdown')).not.toBeInTheDocument();
  });

  it('shows how full the window is, with the exact figures on click', async () => {
    await open([question('u1'), answer('a1', { tokens: 250_000, window: 1_000_000 })]);
    const meter = await screen.findByTestId('context-meter');
    expect(meter).toHaveTextContent('25%');
    expect(meter).toHaveAccessibleName('25% context window: 250k of 1.0M tokens (25%)');
    // Below 80 % nothing pushes the user to compact.
    expect(screen.queryByTestId('compact-button')).not.toBeInTheDocument();
    await userEvent.click(meter);
    const panel = screen.getByTestId('context-panel');
    expect(panel).toHaveTextContent('250,000 of 1,000,000 tokens used · 25%');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('context-panel')).not.toBeInTheDocument();
  });

  it('past 80 % suggests compacting; Compact sends the CLI its /compact', async () => {
    const host = await open([question('u1'), answer('a1', { tokens: 850_000, window: 1_000_000 })]);
    expect(await screen.findByTestId('context-meter')).toHaveTextContent('85%');
    await userEvent.click(screen.getByTestId('compact-button'));
    await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
    expect(host.callsTo('sendMessage')[0]).toMatchObject({ threadId: 't1', text: '/compact' });
  });

  it('is absent until a turn has reported its context, and after /clear', async () => {
    await open([question('u1'), answer('a1', { tokens: 10, window: 100 }), { ...question('c'), marker: 'clear' }]);
    await screen.findByTestId('clear-divider');
    expect(screen.queryByTestId('context-meter')).not.toBeInTheDocument();
  });

  it('a compaction shows as a divider with the token counts, and the meter then shows the summary', async () => {
    await open([
      question('u1'),
      answer('a1', { tokens: 142_000, window: 200_000 }),
      question('u2', '/compact'),
      {
        ...answer('a2', { tokens: 18_000, window: 200_000 }),
        parts: [],
        compacted: { trigger: 'manual', preTokens: 142_000, postTokens: 18_000, atPart: 0 },
      },
    ]);
    expect(await screen.findByTestId('compact-divider')).toHaveTextContent(
      'Conversation compacted · 142k → 18k tokens',
    );
    expect(screen.getByTestId('context-meter')).toHaveTextContent('9%');
  });

  it('an automatic compaction mid-turn divides the parts before it from those after', async () => {
    await open([
      question('u1'),
      {
        ...answer('a1', { tokens: 5_000, window: 200_000 }),
        parts: [
          { kind: 'text', text: 'Before' },
          { kind: 'text', text: 'After' },
        ],
        compacted: { trigger: 'auto', preTokens: 190_000, postTokens: 4_000, atPart: 1 },
      },
    ]);
    const turn = (await screen.findAllByTestId('assistant-message'))[0]!;
    const text = within(turn).getByTestId('compact-divider').textContent ?? '';
    expect(text).toBe('Conversation compacted automatically · 190k → 4.0k tokens');
    expect(turn.textContent!.indexOf('Before')).toBeLessThan(turn.textContent!.indexOf(text));
    expect(turn.textContent!.indexOf(text)).toBeLessThan(turn.textContent!.indexOf('After'));
  });

  it('labels a sliver as <1% rather than 0%', () => {
    expect(percentLabel(0.0025)).toBe('<1%');
    expect(percentLabel(0)).toBe('0%');
    expect(percentLabel(0.8)).toBe('80%');
  });
});
