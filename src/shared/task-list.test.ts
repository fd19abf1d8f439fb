import { describe, expect, it } from 'vitest';
import recorded from '../../test/fixtures/replayed/33-todo-tools.json';
import type { AssistantMessage, AssistantPart, ChatMessage } from './threads';
import { taskList, usesTasks } from './task-list';

const turn = (parts: AssistantPart[]): AssistantMessage => ({
  id: 'a',
  role: 'assistant',
  createdAt: 0,
  status: 'done',
  parts,
});
const tool = (name: string, input: unknown, result?: string, isError = false): AssistantPart => ({
  kind: 'tool',
  toolUseId: `${name}-${Math.random()}`,
  name,
  input,
  result,
  isError,
});

describe('taskList', () => {
  it('follows the recorded TaskCreate / TaskUpdate / TaskList calls (case 33)', () => {
    const message = recorded as AssistantMessage;
    expect(usesTasks(message.parts)).toBe(true);
    expect(taskList([message])).toEqual([
      { id: '1', subject: 'Read the notes', activeForm: 'Reading the notes', status: 'completed' },
      { id: '2', subject: 'Write the summary', activeForm: 'Writing the summary', status: 'pending' },
    ]);
  });

  it('shows a task in progress, ignores calls still running or refused, and drops deleted tasks', () => {
    const list = taskList([
      turn([
        tool('TaskCreate', { subject: 'A' }, 'Task #1 created successfully: A'),
        tool('TaskCreate', { subject: 'B' }, 'Task #2 created successfully: B'),
        tool('TaskCreate', { subject: 'C' }),
        tool('TaskUpdate', { taskId: '1', status: 'in_progress' }, 'Updated task #1 status'),
        tool('TaskUpdate', { taskId: '2', status: 'completed' }, 'No such task', true),
        tool('TaskUpdate', { taskId: '2', status: 'deleted' }, 'Updated task #2 deleted'),
      ]),
    ]);
    expect(list).toEqual([{ id: '1', subject: 'A', status: 'in_progress' }]);
  });

  it('runs across turns and starts again after /clear', () => {
    const first = turn([tool('TaskCreate', { subject: 'A' }, 'Task #1 created successfully: A')]);
    const second = turn([tool('TaskUpdate', { taskId: '1', status: 'completed' }, 'Updated task #1 status')]);
    const clear: ChatMessage = { id: 'c', role: 'user', createdAt: 0, text: '', marker: 'clear' };
    expect(taskList([first, second])).toEqual([{ id: '1', subject: 'A', status: 'completed' }]);
    expect(taskList([first, clear])).toEqual([]);
  });
});
