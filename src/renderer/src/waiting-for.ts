import type { ChatMessage } from '../../shared/threads';
import { approvalToolName } from './tool-names';

/**
 * What a turn waits for when the CLI asks the user something. Questions and plans arrive as permission prompts
 * (recorded cases 35, 36) but ask for an answer or a decision, not a permission: every line that says what the
 * turn waits for — the turn's status line, the tab title, the inbox, the screen-reader announcement — reads it
 * from here, so none of them says "approval" to a question.
 */
export type WaitingKind = 'approval' | 'question' | 'plan';

export function waitingKind(toolName: string): WaitingKind {
  return toolName === 'AskUserQuestion' ? 'question' : toolName === 'ExitPlanMode' ? 'plan' : 'approval';
}

/** The first card of the turn still waiting for the user, if any (several may queue; the oldest is answered first). */
export function openRequest(
  message: ChatMessage | undefined,
): { kind: WaitingKind; toolName: string; displayName?: string } | undefined {
  const open = message?.role === 'assistant' ? message.approvals?.find((c) => !c.outcome) : undefined;
  if (!open) return undefined;
  const { toolName, displayName } = open.request;
  return { kind: waitingKind(toolName), toolName, displayName };
}

/** The turn's status line. */
export const WAITING_LINE: Record<WaitingKind, string> = {
  approval: 'Waiting for your approval',
  question: 'Waiting for your answer',
  plan: 'Waiting for you to review the plan',
};

/** The window or tab title's lead (short: a tab shows a few words). */
export const WAITING_TITLE: Record<WaitingKind, string> = {
  approval: 'Waiting for approval',
  question: 'Waiting for your answer',
  plan: 'Plan ready for review',
};

/** One sentence for a screen reader when the open thread's turn starts waiting. */
export function waitingSentence(request: { kind: WaitingKind; toolName: string; displayName?: string }): string {
  if (request.kind === 'question') return 'Claude has a question for you.';
  if (request.kind === 'plan') return 'Claude’s plan is ready for your review.';
  return `Claude asks to use ${approvalToolName(request.toolName, request.displayName)}.`;
}
