import type { TurnEvent } from '../../shared/turn-events';

/** A TurnEvent before the mapper stamps it with its thread and turn. */
export type EventBody = TurnEvent extends infer E
  ? E extends TurnEvent
    ? Omit<E, 'threadId' | 'turnId'>
    : never
  : never;
