/**
 * The closed sets of states a turn, its cards and a thread's branches can be in: each written once, here, as a list
 * the types are inferred from (and the contract's zod schemas are built from). Plain arrays, no zod: the renderer's
 * first chunk needs them.
 */

/** Where a turn stands as the chat shows it, from its events: its status (the host's own record is its phase, below). */
export const TURN_STATUSES = ['queued', 'running', 'waiting', 'done', 'failed', 'stopped'] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];

/** How a turn ended: its `finished` event, and the statuses after which nothing more happens to it. */
export const FINISHED_STATUSES = ['done', 'failed', 'stopped'] as const satisfies readonly TurnStatus[];
export type FinishedStatus = (typeof FINISHED_STATUSES)[number];

/**
 * A turn's life in the host, one phase at a time (core/turn/turn-phases.ts has the transitions): every question
 * about a thread's turns is answered from it, and the crash journal and the board follow it.
 */
export const TURN_PHASES = [
  'queued',
  'preparing',
  'running',
  'answered',
  'closing',
  'closed',
  'failed',
  'stopped',
] as const;
export type TurnPhase = (typeof TURN_PHASES)[number];

/** Where a sub-agent or a background command stands (the CLI's task states, cases 34b and 40). */
export const TASK_STATUSES = ['running', 'completed', 'failed', 'stopped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** How an approval card was answered. */
export const APPROVAL_OUTCOMES = ['allowed', 'denied', 'cancelled'] as const;
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

/** Why a thread branched: a rewind, or a message sent again (edited, regenerated, retried). */
export const BRANCH_KINDS = ['rewind', 'edit', 'regenerate', 'retry'] as const;
export type BranchKind = (typeof BRANCH_KINDS)[number];
/** The branches a message sent again makes. */
export const RESEND_KINDS = ['edit', 'regenerate', 'retry'] as const satisfies readonly BranchKind[];
export type ResendKind = (typeof RESEND_KINDS)[number];

/** The image types the Messages API accepts (an attachment of another type is refused before it is sent). */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];
