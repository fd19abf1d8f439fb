import { useMemo } from 'react';
import { taskList, type TaskItem } from '../../../../shared/task-list';
import type { ChatMessage } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import './tasks.css';

/** The checklist after message `uptoId` (the whole thread when absent), from the open thread's messages. */
export function useTaskList(uptoId?: string): TaskItem[] {
  const ids = useDesk((s) => s.messageIds);
  const messages = useDesk((s) => s.messages);
  return useMemo(() => {
    const end = uptoId ? ids.indexOf(uptoId) + 1 : ids.length;
    return taskList(ids.slice(0, end).flatMap((id) => (messages[id] ? [messages[id] as ChatMessage] : [])));
  }, [ids, messages, uptoId]);
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
