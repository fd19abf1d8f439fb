import { useDesk } from '../../store/store-context';
import { usePopover } from '../../ui/use-popover';
import { Icon } from '../../ui/icons';
import { TaskChecklist, useTaskList } from './task-checklist';

/** The header's "Tasks 1/2": the thread's checklist stays one click away while the conversation scrolls on. */
export function TasksIndicator() {
  const threadId = useDesk((s) => s.activeThreadId);
  const tasks = useTaskList();
  const { open, rootRef, panelId, buttonProps } = usePopover(threadId);
  if (tasks.length === 0) return null;
  const done = tasks.filter((t) => t.status === 'completed').length;
  return (
    <div className="header-popover tasks-indicator" ref={rootRef}>
      <button
        type="button"
        className="header-chip"
        // The name starts with the words the chip shows ("Tasks 1/2"), so a voice user can say what they see.
        aria-label={`Tasks ${done}/${tasks.length}: ${done} of ${tasks.length} done`}
        title={`Tasks: ${done} of ${tasks.length} done`}
        data-testid="tasks-indicator"
        {...buttonProps}
      >
        <Icon name="check" size={13} />
        <span className="tasks-indicator-label">Tasks</span> {done}/{tasks.length}
      </button>
      {open && (
        <div
          className="header-panel tasks-panel"
          id={panelId}
          role="dialog"
          aria-label="Tasks"
          data-testid="tasks-panel"
        >
          <TaskChecklist tasks={tasks} />
        </div>
      )}
    </div>
  );
}
