import type { ControlSession } from './control-session';
import type { Clock } from './turn-process';

/** How long a turn's end waits for the CLI to stop a background command (recorded case 40: ~35 ms). */
export const STOP_COMMAND_WAIT_MS = 5_000;

/**
 * Stop background commands the CLI's own way, `stop_task` with the task id (recorded case 40): it ends the shell,
 * says so (`task_notification status:"stopped"`, before its answer to the request), starts no turn of its own
 * about it (case 40h) and tells the model at its next turn. Resolves with the task ids it confirmed in time.
 */
export async function stopBackgroundCommands(
  taskIds: string[],
  control: Pick<ControlSession, 'request'>,
  clock: Clock,
  waitMs = STOP_COMMAND_WAIT_MS,
): Promise<string[]> {
  let timer: unknown;
  const bound = new Promise<'late'>((resolve) => (timer = clock.setTimeout(() => resolve('late'), waitMs)));
  const confirmed: string[] = [];
  const asked = Promise.all(
    taskIds.map(async (taskId) => {
      const answer = await control.request('stop', { subtype: 'stop_task', task_id: taskId });
      if (answer.ok) confirmed.push(taskId);
    }),
  );
  await Promise.race([asked, bound]);
  clock.clearTimeout(timer);
  return [...confirmed];
}
