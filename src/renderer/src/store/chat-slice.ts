import { getApi } from '../api';
import { errorText, type Slice, type StoreDeps } from './desk-state';
import type { ChatMessage, ImageAttachment } from '../../../shared/threads';
import type { ResendKind } from '../../../shared/turn-states';
import { isLocalId, reconcileInFlight } from './merge-messages';
import { currentTurn } from './turn-selectors';
import { effectivePermissionMode } from '../../../shared/permission-mode';
import { createSender } from './chat-send';
import { createThreadFetcher } from './thread-fetch';

export interface ChatSlice {
  activeThreadId: string | null;
  /** Ids of the active thread's messages, in order. Changes only when a message is added or removed. */
  messageIds: string[];
  /** Messages by id: a streamed delta replaces exactly one entry. */
  messages: Record<string, ChatMessage>;
  threadLoading: boolean;
  /** What the composer holds, per thread ('' = no thread yet): switching threads keeps each draft. */
  drafts: Record<string, string>;
  /** Counts the user's sends: the message list follows the conversation again on each one. */
  sendCount: number;
  setDraft(threadId: string | null, text: string): void;
  /** Open a thread in the chat view; `{ inBackground: true }` opens it without leaving Settings or History. */
  /** `fresh`: a thread just made, with nothing to load: no "Loading…" in place of its folder picker meanwhile. */
  selectThread(threadId: string | null, options?: { inBackground?: boolean; fresh?: boolean }): Promise<void>;
  reloadActiveThread(): Promise<void>;
  /** The open thread again only if the (freshly loaded) list says it changed since it was fetched. */
  reloadActiveThreadIfChanged(): Promise<void>;
  /** After a reconnect: turns of other threads may have ended unseen (their sidebar dot would spin on). */
  resyncBackgroundTurns(): Promise<void>;
  sendMessage(text: string, images?: ImageAttachment[]): Promise<boolean>;
  /** A send of this window to the thread awaits the host's answer (its turn is not tracked yet). */
  isSending(threadId: string): boolean;
  /** A turn this window (this pane) started: another window's or pane's turn of the same thread is not one. */
  startedHere(turnId: string): boolean;
  /** A turn this window sent (or a send to the thread not answered yet) whose answer has not begun. */
  awaitsFirstAnswer(threadId: string, turnId: string): boolean;
  /** The turn answered something (or ended): its events are no longer held. */
  firstAnswerCame(turnId: string): void;
  retryTurn(turnId: string): Promise<void>;
  /**
   * A call Accept edits withheld: put the thread in Ask (unless it is there already), then send the turn's message
   * again; a mode the thread cannot take (locked, refused) says why and sends nothing.
   */
  retryInAsk(threadId: string, turnId: string): Promise<void>;
  /**
   * Edit & resend (`text`), Regenerate and Retry (no text): the conversation forks before the message. `kind`
   * names what the user did, for the branch marker (default: edit with a text, else regenerate).
   */
  resendFrom(messageId: string, text?: string, kind?: ResendKind): Promise<boolean>;
  stopActiveTurn(): Promise<void>;
}

declare module './desk-state' {
  interface DeskState extends ChatSlice {}
}

/** The open thread, the composer's drafts, and what the user does to the conversation (send, resend, retry, stop). */
export const createChatSlice =
  (deps: StoreDeps): Slice<ChatSlice> =>
  (set, get, store) => {
    const { fetchInto, isCurrent } = createThreadFetcher(store, deps);
    const { send, trackTurn, sentImages, rememberImages, isSending, awaitsFirstAnswer, firstAnswerCame, startedHere } =
      createSender(store, deps);

    return {
      activeThreadId: null,
      messageIds: [],
      messages: {},
      threadLoading: false,
      drafts: {},
      sendCount: 0,

      setDraft(threadId, text) {
        const key = threadId ?? '';
        set((s) => {
          if ((s.drafts[key] ?? '') === text) return s; // unchanged: nothing to tell
          const { [key]: _old, ...rest } = s.drafts;
          return { drafts: text ? { ...rest, [key]: text } : rest };
        });
      },

      async selectThread(threadId, options) {
        if (!options?.inBackground) set((s) => ({ view: 'chat', sidebarOpen: false, navigations: s.navigations + 1 }));
        if (threadId === get().activeThreadId) return;
        // A fresh thread keeps the empty chat on screen: a "Loading…" there would unmount its folder picker and
        // drop the path being typed into it.
        set({
          activeThreadId: threadId,
          messageIds: [],
          messages: {},
          threadLoading: threadId !== null && !options?.fresh,
        });
        if (threadId) await Promise.all([fetchInto(threadId), get().loadQueue(threadId)]);
      },

      async reloadActiveThread() {
        const threadId = get().activeThreadId;
        if (threadId) await fetchInto(threadId);
      },

      async reloadActiveThreadIfChanged() {
        const threadId = get().activeThreadId;
        if (!threadId) return;
        const listed = get().threads.find((t) => t.id === threadId);
        if (listed && isCurrent(threadId, listed.updatedAt)) return;
        await fetchInto(threadId);
      },

      async resyncBackgroundTurns() {
        const active = get().activeThreadId;
        const others = new Set(
          Object.values(get().inFlight)
            .map((t) => t.threadId)
            .filter((id) => id !== active),
        );
        for (const threadId of others) {
          const thread = await getApi()
            .getThread({ threadId })
            .catch(() => null);
          if (thread) set((s) => reconcileInFlight(thread.messages, threadId, s.inFlight, s.live));
        }
      },

      sendMessage: (text, images) => send(text, images),
      isSending,
      startedHere,
      awaitsFirstAnswer,
      firstAnswerCame,

      async resendFrom(messageId, text, kind) {
        const threadId = get().activeThreadId;
        if (!threadId) return false;
        const images = text === undefined ? sentImages.get(messageId) : undefined;
        set((s) => ({ sendCount: s.sendCount + 1 }));
        try {
          const out = await getApi().resendFrom({
            threadId,
            messageId,
            ...(text !== undefined ? { text } : {}),
            ...(images?.length ? { images } : {}),
            ...(kind ? { kind } : {}),
          });
          if (images?.length) rememberImages(out.messageId, images);
          await get().reloadActiveThread(); // what followed the message is a branch now
          trackTurn(threadId, out.turnId);
          return true;
        } catch (err) {
          get().pushNotice('error', `Could not send it again: ${errorText(err)}`);
          return false;
        }
      },

      async retryTurn(turnId) {
        const { messageIds, messages } = get();
        const at = messageIds.indexOf(turnId);
        for (let i = at - 1; i >= 0; i--) {
          const m = messages[messageIds[i]!];
          if (m?.role !== 'user') continue;
          // A send the host never took left only a local placeholder: the retry replaces it.
          if (isLocalId(turnId)) {
            set((s) => {
              const { [turnId]: _gone, ...rest } = s.messages;
              return { messageIds: s.messageIds.filter((id) => id !== turnId), messages: rest };
            });
          }
          // A turn the host ran (failed or stopped) is tried again from its message: the conversation forks
          // just before it, so Claude does not see the failed attempt (the attempt stays as a branch).
          if (isLocalId(turnId) || m.marker)
            await send(m.text, sentImages.get(m.id), isLocalId(turnId) ? m : undefined);
          else await get().resendFrom(m.id, undefined, 'retry');
          return;
        }
      },

      async retryInAsk(threadId, turnId) {
        const { settings, threads } = get();
        const own = threads.find((t) => t.id === threadId)?.settings.permissionMode;
        const inAsk = settings !== null && effectivePermissionMode({ permissionMode: own }, settings) === 'ask';
        const refused = inAsk ? null : await get().updateThreadSettings(threadId, { permissionMode: 'ask' });
        if (refused) get().pushNotice('error', `This thread stays in its mode, so nothing was sent again: ${refused}`);
        else await get().retryTurn(turnId);
      },

      async stopActiveTurn() {
        const threadId = get().activeThreadId;
        const turn = threadId ? currentTurn(get().inFlight, threadId) : undefined;
        if (!threadId || !turn) return;
        try {
          await getApi().stopTurn({ threadId, turnId: turn.turnId });
        } catch (err) {
          get().pushNotice('error', `Could not stop the turn: ${errorText(err)}`);
        }
      },
    };
  };
