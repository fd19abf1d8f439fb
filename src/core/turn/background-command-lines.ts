import type { TurnEvent } from '../../shared/turn-events';
import { type Json, isObject, str } from '../claude-code-wire/cli-json';

type BackgroundCommandEvent = Omit<Extract<TurnEvent, { type: 'background_command' }>, 'threadId' | 'turnId'>;

/**
 * The `local_bash` tasks among a turn's `system/task_*` lines (recorded case 40). A Bash call with
 * `run_in_background` starts one (`task_started {task_type:"local_bash", is_backgrounded:true}`); so does a
 * foreground Bash that runs for a few seconds (`is_backgrounded:false`, case 40g) — that one is the call itself
 * and shows nothing of its own, unless a `task_updated` patch moves it to the background. `task_notification`
 * carries no task type: the tasks are remembered by id.
 */
export class BackgroundCommandLines {
  private readonly tasks = new Map<string, { toolUseId: string; background: boolean }>();

  /** The event for a task line; null for a bash task's line with nothing to show; undefined: not a bash task's. */
  map(raw: Json): BackgroundCommandEvent | null | undefined {
    const taskId = str(raw.task_id);
    if (!taskId) return undefined;
    if (raw.subtype === 'task_started') {
      const toolUseId = str(raw.tool_use_id);
      if (raw.task_type !== 'local_bash' || !toolUseId) return undefined;
      const background = raw.is_backgrounded === true;
      this.tasks.set(taskId, { toolUseId, background });
      return background ? { type: 'background_command', toolUseId, taskId, status: 'running' } : null;
    }
    const task = this.tasks.get(taskId);
    if (!task) return undefined;
    if (raw.subtype === 'task_updated') {
      if (task.background || !isObject(raw.patch) || raw.patch.is_backgrounded !== true) return null;
      task.background = true;
      return { type: 'background_command', toolUseId: task.toolUseId, taskId, status: 'running' };
    }
    if (raw.subtype !== 'task_notification') return null;
    this.tasks.delete(taskId);
    if (!task.background) return null;
    const status = str(raw.status);
    return {
      type: 'background_command',
      toolUseId: task.toolUseId,
      taskId,
      // 'stopped' after stop_task (case 40), and the CLI's own kill on SIGTERM (case 40d); 'killed' in task_updated.
      status: status === 'completed' ? 'completed' : status === 'stopped' || status === 'killed' ? 'stopped' : 'failed',
    };
  }
}
