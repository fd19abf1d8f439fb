/**
 * The renderer's one store, whole. Each slice owns its part: its interface is declared in its own file
 * (`store/<feature>-slice.ts`), which adds it to `DeskState` below —
 *
 *     declare module './desk-state' {
 *       interface DeskState extends UsageSlice {}
 *     }
 *
 * — so a slice types `set`/`get` against the whole store while this file imports no slice: the store has no import
 * cycle (test/import-cycles.test.ts). desk-store.ts builds every slice into `createStore<DeskState>`, and the
 * build fails on a slice declared here and not built there.
 */
import type { StateCreator, StoreApi } from 'zustand';
import type { ChatMessage } from '../../../shared/threads';

/** Empty here; every slice file adds its slice's interface (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the slices merge their interfaces into it
export interface DeskState {}

export type DeskStore = StoreApi<DeskState>;

/** Side effects the store needs beyond the DeskApi (injected so tests and the bench can observe them). */
export interface StoreDeps {
  /** Tell the user a background turn finished or needs them (browser mode; Electron notifies natively). */
  notify?: (title: string, body: string) => void;
  /** Asked once, on the first send (browser Notification permission). */
  onFirstSend?: () => void;
  now?: () => number;
  isHidden?: () => boolean;
  /**
   * Work done before a thread that is opening shows its fetched messages (the renderer parses the rows it opens on,
   * features/chat/prepare-open.ts); `anchorId`: the message of the reading place it resumes at, if any.
   */
  prepareOpen?: (messages: readonly ChatMessage[], anchorId: string | null) => Promise<void>;
}

export type Slice<T> = StateCreator<DeskState, [], [], T>;

/** Electron wraps a handler's error as "Error invoking remote method '<channel>': Error: <message>"; show the message. */
export const errorText = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).replace(
    /^Error invoking remote method '[^']*': (?:\w*Error: )?/,
    '',
  );
