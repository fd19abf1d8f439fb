import type { AssistantPart } from '../../../../shared/threads';
import { answersFromResult } from '../../questions';
import { EDIT_TOOLS } from './diff-rows';

/**
 * What a tool card's head needs to know of a call before its body (tool-body.tsx, a chunk of its own) is loaded:
 * whether it starts open, and a question's answers.
 */
type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;

/** Open from the start: what a person wants to see without a click. */
export const OPEN_TOOLS = new Set([...EDIT_TOOLS, 'Bash', 'Agent']);

/**
 * The answers of an AskUserQuestion call, by question: the ones the user sent (the call's input once answered,
 * `answers`), else as the CLI reported them to the model (`"Q"="A"`, recorded case 36).
 */
export function questionAnswers(part: ToolPart): Record<string, string> {
  const sent =
    part.input && typeof part.input === 'object' ? (part.input as Record<string, unknown>).answers : undefined;
  const given =
    sent && typeof sent === 'object'
      ? Object.fromEntries(Object.entries(sent).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
  return { ...answersFromResult(part.isError ? undefined : part.result), ...given };
}
