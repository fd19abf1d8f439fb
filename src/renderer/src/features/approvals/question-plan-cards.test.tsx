import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, TurnEvent } from '../../../../shared/turn-events';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

const T = 'th-1';
type Body = TurnEvent extends infer E ? (E extends unknown ? Omit<E, 'threadId' | 'turnId'> : never) : never;

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

// The shapes of recorded cases 36 (AskUserQuestion) and 35 (ExitPlanMode: the prompt's input is {}).
const questions = [
  {
    question: 'Which database should we use?',
    header: 'Database',
    multiSelect: false,
    options: [
      { label: 'SQLite', description: 'A file, no server' },
      { label: 'Postgres', description: 'A server' },
    ],
  },
  {
    question: 'Which extras do you want?',
    header: 'Extras',
    multiSelect: true,
    options: [
      { label: 'Tests', description: 'Unit tests' },
      { label: 'Docs', description: 'A README' },
      { label: 'CI', description: 'A workflow' },
    ],
  },
];
const ask: ApprovalRequest = {
  requestId: 'q1',
  toolUseId: 'tu-q',
  toolName: 'AskUserQuestion',
  input: { questions },
  suggestions: [],
};
const plan: ApprovalRequest = {
  requestId: 'p1',
  toolUseId: 'tu-p',
  toolName: 'ExitPlanMode',
  input: {},
  suggestions: [],
};

async function start(toolName: string, toolInput: unknown, request: ApprovalRequest) {
  const host = createFakeHost({ threads: [makeThread(T, 'Work')] });
  renderApp({ host });
  await userEvent.click(await screen.findByText('Work'));
  await userEvent.type(screen.getByLabelText('Message'), 'do it{Enter}');
  await waitFor(() => expect(host.callsTo('sendMessage')).toHaveLength(1));
  const emit = (body: Body) =>
    act(() => host.emit('turnEvent', { threadId: T, turnId: 'turn-1', ...body } as TurnEvent));
  emit({ type: 'started', startedAt: Date.now() });
  emit({ type: 'tool_call', toolUseId: request.toolUseId!, name: toolName, input: toolInput });
  emit({ type: 'approval_request', request });
  const answers = () => host.callsTo('answerApproval') as { requestId: string; decision: unknown }[];
  return { host, emit, answers };
}

describe('question card', () => {
  it('shows each question with its options; the chosen answers go back keyed by question text', async () => {
    const { answers } = await start('AskUserQuestion', { questions }, ask);
    const card = await screen.findByTestId('question-card');
    const [first, second] = within(card).getAllByTestId('question');
    expect(first).toHaveTextContent('Database');
    expect(
      within(first!)
        .getAllByRole('radio')
        .map((b) => b.textContent),
    ).toEqual(['1SQLiteA file, no server', '2PostgresA server']);
    expect(within(second!).getAllByRole('checkbox')).toHaveLength(3);
    const send = within(card).getByRole('button', { name: 'Send answers' });
    expect(send).toBeDisabled();

    await userEvent.click(within(first!).getByRole('radio', { name: /Postgres/ }));
    await userEvent.click(within(second!).getByRole('checkbox', { name: /Tests/ }));
    await userEvent.type(within(second!).getByLabelText(/Other answer/), 'Docker');
    await userEvent.click(send);
    expect(answers()).toEqual([
      {
        threadId: T,
        turnId: 'turn-1',
        requestId: 'q1',
        decision: {
          behavior: 'allow',
          scope: 'once',
          updatedInput: {
            questions,
            answers: { 'Which database should we use?': 'Postgres', 'Which extras do you want?': 'Tests, Docker' },
          },
        },
      },
    ]);
  });

  it('keys 1–4 pick options only while the card has focus; Enter sends', async () => {
    const single = { ...ask, input: { questions: [questions[0]] } };
    const { answers } = await start('AskUserQuestion', single.input, single);
    const card = await screen.findByTestId('question-card');
    await userEvent.keyboard('2'); // focus is in the composer: a digit there is text
    expect(within(card).getByRole('radio', { name: /Postgres/ })).toHaveAttribute('aria-checked', 'false');
    card.focus();
    await userEvent.keyboard('2');
    expect(within(card).getByRole('radio', { name: /Postgres/ })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Enter}');
    expect(answers()[0]?.decision).toMatchObject({
      updatedInput: { answers: { 'Which database should we use?': 'Postgres' } },
    });
  });

  it('the finished call shows the answers the model got', async () => {
    const { emit } = await start('AskUserQuestion', { questions }, ask);
    emit({ type: 'approval_resolved', requestId: 'q1', outcome: 'allowed' });
    emit({
      type: 'tool_result',
      toolUseId: 'tu-q',
      content:
        'Your questions have been answered: "Which database should we use?"="Postgres", "Which extras do you want?"="Tests, CI". You can now continue with these answers in mind.',
      isError: false,
    });
    const tool = (await screen.findAllByTestId('tool-card'))[0]!;
    await userEvent.click(within(tool).getAllByRole('button')[0]!);
    const body = within(tool).getByTestId('answers');
    expect(body).toHaveTextContent('Which database should we use?Postgres');
    expect(body).toHaveTextContent('Which extras do you want?Tests, CI');
  });
});

describe('a question, in words that match it', () => {
  it("while a question waits, the turn's line and the tab title say it waits for your answer", async () => {
    await start('AskUserQuestion', { questions }, ask);
    await screen.findByTestId('question-card');
    expect(screen.getByTestId('turn-running')).toHaveTextContent('Waiting for your answer');
    expect(screen.getByTestId('turn-running')).not.toHaveTextContent('approval');
    await waitFor(() => expect(document.title).toBe('● Waiting for your answer — Work — Claude Desk'));
    expect(screen.getByTestId('turn-announcer')).toHaveTextContent('Claude has a question for you.');
  });

  it('an answered question reads question → answer: no JSON, no "edited before allowing"', async () => {
    const { emit } = await start('AskUserQuestion', { questions }, ask);
    const answers = { 'Which database should we use?': 'Postgres', 'Which extras do you want?': 'Tests, CI' };
    // The answers go back as the call's updated input (case 36), which the host reports as an edit.
    emit({ type: 'approval_resolved', requestId: 'q1', outcome: 'allowed', editedInput: { questions, answers } });
    emit({
      type: 'tool_result',
      toolUseId: 'tu-q',
      content:
        'Your questions have been answered: "Which database should we use?"="Postgres", "Which extras do you want?"="Tests, CI". You can now continue with these answers in mind.',
      isError: false,
    });
    const tool = (await screen.findAllByTestId('tool-card'))[0]!;
    expect(within(tool).getByTestId('tool-state')).toHaveTextContent('Answered');
    // The head already says what was chosen.
    expect(within(tool).getAllByRole('button')[0]).toHaveTextContent('Postgres · Tests, CI');
    await userEvent.click(within(tool).getAllByRole('button')[0]!);
    const body = within(tool).getByTestId('answers');
    expect(body).toHaveTextContent('Which database should we use?Postgres');
    expect(body).toHaveTextContent('Which extras do you want?Tests, CI');
    expect(tool).not.toHaveTextContent('{"');
    expect(tool).not.toHaveTextContent(/edited|Allowed|Claude proposed/i);
  });

  it('a question left unanswered says so, not "Denied"', async () => {
    const { emit } = await start('AskUserQuestion', { questions }, ask);
    await userEvent.click(await screen.findByRole('button', { name: "Don't answer" }));
    emit({ type: 'approval_resolved', requestId: 'q1', outcome: 'denied' });
    emit({
      type: 'tool_result',
      toolUseId: 'tu-q',
      content: 'The user chose not to answer these questions.',
      isError: true,
    });
    const tool = (await screen.findAllByTestId('tool-card'))[0]!;
    await waitFor(() => expect(within(tool).getByTestId('tool-state')).toHaveTextContent('Not answered'));
    expect(tool).not.toHaveTextContent(/Denied|Error|\{"/);
    await userEvent.click(within(tool).getAllByRole('button')[0]!);
    expect(within(tool).getByTestId('answers')).toHaveTextContent('Which database should we use?Not answered');
  });
});

describe('plan card', () => {
  const planText = '# Plan\n\n1. Read `notes.txt`\n2. Write **summary.md**\n';

  it('renders the plan from the tool call; Approve and start allows it and switches this thread to Accept edits', async () => {
    const { host, answers } = await start('ExitPlanMode', { plan: planText }, plan);
    const card = await screen.findByTestId('plan-card');
    expect(within(card).getByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    expect(within(card).getByText('summary.md').tagName).toBe('STRONG');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve and start (Accept edits)' }));
    expect(answers()).toEqual([
      expect.objectContaining({ requestId: 'p1', decision: { behavior: 'allow', scope: 'once' } }),
    ]);
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toEqual([
        { threadId: T, settings: { permissionMode: 'acceptEdits' } },
      ]),
    );
    expect(host.callsTo('updateSettings')).toEqual([]); // Settings' default for new threads stays
  });

  it('Approve and ask each step switches to Ask', async () => {
    const { host } = await start('ExitPlanMode', { plan: planText }, plan);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve and ask each step (Ask)' }));
    await waitFor(() =>
      expect(host.callsTo('updateThreadSettings')).toEqual([{ threadId: T, settings: { permissionMode: 'ask' } }]),
    );
  });

  it('Keep planning sends the feedback as a deny the model reads, and leaves the mode alone', async () => {
    const { host, answers } = await start('ExitPlanMode', { plan: planText }, plan);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep planning…' }));
    await userEvent.type(screen.getByLabelText(/Feedback on the plan/), 'Also add tests');
    await userEvent.click(screen.getByRole('button', { name: 'Keep planning' }));
    expect(answers()).toEqual([expect.objectContaining({ decision: { behavior: 'deny', message: 'Also add tests' } })]);
    expect(host.callsTo('updateThreadSettings')).toEqual([]);
  });
});
