/**
 * The CLI's task checklist, read from its Task* tool calls (recorded case 33; 2.1.328 offers them only with
 * `CLAUDE_CODE_ENABLE_TODO_TOOLS=1`, and has no TodoWrite, case 33b). Tasks live in the CLI session, so the list
 * runs across the turns since the last `/clear`; TaskList's answer, when there is one, is the CLI's own word.
 */
import type { AssistantPart, ChatMessage } from './threads';

export type TaskStatus = 'pending' | 'in_progress' | 'completed';

export interface TaskItem {
  id: string;
  subject: string;
  /** "Reading the notes": what the spinner says while it is in progress. */
  activeForm?: string;
  status: TaskStatus;
}

type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;
const TASK_TOOLS = new Set(['TaskCreate', 'TaskUpdate', 'TaskList']);

export const isTaskTool = (name: string): boolean => TASK_TOOLS.has(name);

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const input = (p: ToolPart): Record<string, unknown> =>
  typeof p.input === 'object' && p.input !== null ? (p.input as Record<string, unknown>) : {};
const asStatus = (v: unknown): TaskStatus | 'deleted' | undefined =>
  v === 'pending' || v === 'in_progress' || v === 'completed' || v === 'deleted' ? v : undefined;

/** One Task* call folded into the list (a call still running, or refused, changes nothing). */
function apply(tasks: Map<string, TaskItem>, p: ToolPart): void {
  if (p.result === undefined || p.isError || p.denied) return;
  const args = input(p);
  if (p.name === 'TaskCreate') {
    // "Task #1 created successfully: Read the notes" (case 33).
    const id = /Task #(\S+) created/.exec(p.result)?.[1];
    const subject = str(args.subject);
    if (id && subject) tasks.set(id, { id, subject, activeForm: str(args.activeForm), status: 'pending' });
  } else if (p.name === 'TaskUpdate') {
    const id = str(args.taskId);
    const known = id ? tasks.get(id) : undefined;
    if (!id || !known) return;
    const status = asStatus(args.status);
    if (status === 'deleted') tasks.delete(id);
    else
      tasks.set(id, {
        ...known,
        ...(status ? { status } : {}),
        ...(str(args.subject) ? { subject: str(args.subject)! } : {}),
        ...(str(args.activeForm) ? { activeForm: str(args.activeForm) } : {}),
      });
  } else if (p.name === 'TaskList') {
    // "#1 [completed] Read the notes" per line (case 33): the CLI's list replaces ours, keeping what it omits.
    const listed = new Map<string, TaskItem>();
    for (const line of p.result.split('\n')) {
      const m = /^#(\S+) \[(\w+)\] (.+)$/.exec(line.trim());
      const status = m ? asStatus(m[2]) : undefined;
      if (!m || !status || status === 'deleted') continue;
      listed.set(m[1]!, { ...tasks.get(m[1]!), id: m[1]!, subject: m[3]!, status });
    }
    if (listed.size > 0 || /no tasks/i.test(p.result)) {
      tasks.clear();
      for (const [id, t] of listed) tasks.set(id, t);
    }
  }
}

/** The checklist after the given messages (those after the last `/clear` count). */
export function taskList(messages: readonly ChatMessage[]): TaskItem[] {
  const tasks = new Map<string, TaskItem>();
  for (const m of messages) {
    if (m.role === 'user' && m.marker === 'clear') tasks.clear();
    if (m.role !== 'assistant') continue;
    // The main agent's list only: a sub-agent's calls (children) are its own.
    for (const p of m.parts) if (p.kind === 'tool' && isTaskTool(p.name)) apply(tasks, p);
  }
  return [...tasks.values()];
}

/** Whether a turn touched the checklist (its card shows the list as it stood after it). */
export const usesTasks = (parts: readonly AssistantPart[]): boolean =>
  parts.some((p) => p.kind === 'tool' && isTaskTool(p.name));
