import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, ChatMessage } from '../../../../shared/threads';
import recorded from '../../../../../test/fixtures/replayed/33-todo-tools.json';
import { createFakeHost, makeThread } from '../../test-support/fake-api';
import { giveScrollerAViewport } from '../../test-support/jsdom-layout';
import { renderApp } from '../../test-support/render-app';

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = giveScrollerAViewport()));
afterEach(() => restoreLayout());

const ask: ChatMessage = { id: 'q1', role: 'user', createdAt: 1, text: 'Plan the work' };

async function open(messages: ChatMessage[]) {
  renderApp({ host: createFakeHost({ threads: [makeThread('t1', 'Work', messages)] }) });
  await userEvent.click(await screen.findByText('Work'));
}

describe('tasks checklist', () => {
  it('the recorded Task* calls (case 33) become one checklist in the turn, not five tool cards', async () => {
    await open([ask, recorded as AssistantMessage]);
    const list = await screen.findByTestId('task-checklist');
    expect(list).toHaveTextContent('1 of 2 done');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      'Read the notes: done',
      'Write the summary: to do',
    ]);
    expect(screen.queryByText('TaskCreate')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('task-checklist')).toHaveLength(1);
  });

  it('stays one click away in the header, and says what is in progress while the turn runs', async () => {
    const running: AssistantMessage = {
      ...(recorded as AssistantMessage),
      status: 'running',
      parts: (recorded as AssistantMessage).parts.slice(0, 4),
    };
    await open([ask, running]);
    const list = await screen.findByTestId('task-checklist');
    expect(within(list).getByText('Reading the notes…')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('tasks-indicator'));
    const panel = screen.getByTestId('tasks-panel');
    expect(within(panel).getByRole('listitem', { name: 'Read the notes: in progress' })).toBeInTheDocument();
    expect(screen.getByTestId('tasks-indicator')).toHaveAccessibleName('Tasks 0/2: 0 of 2 done');
  });
});
