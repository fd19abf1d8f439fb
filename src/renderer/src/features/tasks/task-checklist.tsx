import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { taskList, usesTasks, type TaskItem } from '../../../../shared/task-list';
import type { ChatMessage } from '../../../../shared/threads';
import { byMessages } from '../../store/by-messages';
import type { DeskState } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import './tasks.css';

/** The checklist after message `uptoId` (the whole thread when absent), from the open thread's messages. */
export function useTaskList(uptoId?: string): TaskItem[] {
  // Only the messages the list is made from, compared one by one: a streamed delta replaces the messages record
  // every frame, and rebuilding the list over a 2,000-message thread each time was ~1 ms of that frame.
  const made = useDesk(useShallow((s) => (uptoId ? taskMessages(s, uptoId) : threadTaskMessages(s))));
  return useMemo(() => taskList(made), [made]);
}

const threadTaskMessages = byMessages((s) => taskMessages(s));

/** The Task* calls' messages up to `uptoId` since the last `/clear` (before it, nothing counts). */
function taskMessages(s: Pick<DeskState, 'messageIds' | 'messages'>, uptoId?: string): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const id of s.messageIds) {
    const m = s.messages[id];
    if (m?.role === 'user' && m.marker === 'clear') out.length = 0;
    else if (m?.role === 'assistant' && usesTasks(m.parts)) out.push(m);
    if (id === uptoId) break;
  }
  return out;
}

const STATUS_LABEL = { completed: 'done', in_progress: 'in progress', pending: 'to do' } as const;

/** Claude's task list as a checklist: done (ticked), in progress (what it is doing now), to do. */
export function TaskChecklist({ tasks, live = false }: { tasks: TaskItem[]; live?: boolean }) {
  const done = tasks.filter((t) => t.status === 'completed').length;
  return (
    <section className="task-checklist" aria-label="Tasks" data-testid="task-checklist">
      <div className="task-checklist-head">
        <span className="task-checklist-title">Tasks</span>
        <span className="task-checklist-count">
          {done} of {tasks.length} done
        </span>
      </div>
      <ul>
        {tasks.map((t) => (
          <li key={t.id} data-status={t.status} aria-label={`${t.subject}: ${STATUS_LABEL[t.status]}`}>
            <span className="task-box" aria-hidden="true">
              {t.status === 'completed' ? <Icon name="check" size={12} /> : null}
            </span>
            <span className="task-subject">
              {t.status === 'in_progress' && live && t.activeForm ? `${t.activeForm}…` : t.subject}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** In a turn: the list as it stood after this turn (live while the turn runs). */
export function TurnTasks({ messageId, live }: { messageId: string; live: boolean }) {
  const tasks = useTaskList(messageId);
  return tasks.length > 0 ? <TaskChecklist tasks={tasks} live={live} /> : null;
}
