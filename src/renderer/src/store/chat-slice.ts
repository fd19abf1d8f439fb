import { getApi } from '../api';
import { newAssistantMessage } from '../../../shared/turn-reducer';
import type { AssistantMessage, ImageAttachment, UserMessage } from '../../../shared/threads';
import { errorText, type ChatSlice, type Slice, type StoreDeps } from './desk-state';
import { appendMessage, isLocalId, mergeFetched, reconcileInFlight } from './merge-messages';
import { autoTitle, DEFAULT_THREAD_TITLE } from '../../../shared/thread-title';
import { currentTurn, turnsOf } from './turn-selectors';

let localSeq = 0;
/** A placeholder the host never saw (a send it refused): its id says so, and Retry replaces it. */
const localId = (kind: string): string => `local-${kind}-${++localSeq}`;

export const createChatSlice =
  (deps: StoreDeps): Slice<ChatSlice> =>
  (set, get) => {
    const now = deps.now ?? Date.now;
    let askedOnFirstSend = false;

    /** Fetch a thread and fold it into the view, unless the user moved on meanwhile. */
    // The version of the open thread on screen (its summary's updatedAt when fetched): a focus fetches it
    // again only when the list says it changed since.
    let shown: { threadId: string; updatedAt: number } | null = null;
    const fetchInto = async (threadId: string): Promise<void> => {
      try {
        const thread = await getApi().getThread({ threadId });
        if (get().activeThreadId !== threadId) return;
        shown = thread ? { threadId, updatedAt: thread.updatedAt } : null;
        if (!thread) {
          set({ threadLoading: false });
          get().pushNotice('warning', 'That thread no longer exists.');
          await get().selectThread(null);
          return;
        }
        // A thread that could not be read in full says so (and shows what it can), never an empty thread.
        if (thread.problem) get().pushNotice('error', `“${thread.title}”: ${thread.problem}`, true);
        if (get().threadLoading && deps.prepareOpen) {
          const anchor = get().scrollAnchors[threadId]?.messageId ?? null;
          await deps.prepareOpen(thread.messages, anchor).catch(() => undefined); // only an optimisation
          if (get().activeThreadId !== threadId) return;
        }
        set((s) => {
          const { inFlight, live } = reconcileInFlight(thread.messages, threadId, s.inFlight, s.live);
          const liveTurns = turnsOf(inFlight, threadId).flatMap((t) => live[t.turnId] ?? []);
          const merged = mergeFetched(thread.messages, s, liveTurns);
          return { ...merged, inFlight, live, threadLoading: false };
        });
      } catch (err) {
        if (get().activeThreadId !== threadId) return;
        set({ threadLoading: false });
        get().pushNotice('error', `Could not open the thread: ${errorText(err)}`);
      }
    };

    const appendToThread = (threadId: string, msg: UserMessage | AssistantMessage): void =>
      set((s) => (s.activeThreadId === threadId ? appendMessage(s, msg) : {}));

    // The bytes of images sent, by user message id (only their names are saved), so Retry can send them again.
    const sentImages = new Map<string, ImageAttachment[]>();
    const rememberImages = (messageId: string, images: ImageAttachment[]): void => {
      sentImages.set(messageId, images);
      if (sentImages.size > 20) sentImages.delete(sentImages.keys().next().value as string);
    };

    /**
     * Send a new user message, or (`resend`) re-send one already on screen that the host never took: it keeps
     * its id and bubble. The id is ours: the host stores the message under it, so a re-fetch finds it by id.
     */
    const send = async (
      text: string,
      images: ImageAttachment[] | undefined,
      resend?: UserMessage,
    ): Promise<boolean> => {
      if (!text.trim() && !images?.length) return false;
      if (!askedOnFirstSend) {
        askedOnFirstSend = true;
        deps.onFirstSend?.();
      }
      let threadId = get().activeThreadId;
      if (!threadId) {
        // Untitled, so the host can still name it from the first answer when the request says little;
        // the first paint shows the host's rule applied to the text at once.
        const created = await get().createThread();
        const early = autoTitle(text);
        if (created && early && created.title === DEFAULT_THREAD_TITLE) {
          set((s) => ({
            threads: s.threads.map((t) =>
              t.id === created.id && t.title === DEFAULT_THREAD_TITLE ? { ...t, title: early } : t,
            ),
          }));
        }
        if (!created) return false;
        threadId = created.id;
      }
      const messageId = resend?.id ?? crypto.randomUUID();
      if (!resend) {
        const user: UserMessage = { id: messageId, role: 'user', createdAt: now(), text };
        if (images?.length) user.images = images.map((i) => ({ name: i.name, mediaType: i.mediaType }));
        appendToThread(threadId, user);
      }
      if (images?.length) rememberImages(messageId, images);
      set((s) => ({ sendCount: s.sendCount + 1 }));
      try {
        const { turnId } = await getApi().sendMessage({
          threadId,
          messageId,
          text,
          ...(images?.length ? { images } : {}),
        });
        // Events may have arrived before this answer (the host queues synchronously): they win.
        if (!get().hasSeenTurn(turnId)) {
          const tid = threadId;
          const live = newAssistantMessage(turnId, now());
          set((s) => ({
            ...(s.activeThreadId === tid ? appendMessage(s, live) : {}),
            inFlight: { ...s.inFlight, [turnId]: { turnId, threadId: tid, status: 'queued' } },
            live: { ...s.live, [turnId]: live },
          }));
        }
      } catch (err) {
        const failed: AssistantMessage = {
          ...newAssistantMessage(localId('failed'), now()),
          status: 'failed',
          error: { kind: 'internal', message: `The message could not be sent: ${errorText(err)}` },
        };
        appendToThread(threadId, failed);
      }
      return true;
    };

    /** The host's turn for a message it took: shown as queued until its events say more (as in send). */
    const trackTurn = (threadId: string, turnId: string): void => {
      if (get().hasSeenTurn(turnId)) return;
      const live = newAssistantMessage(turnId, now());
      set((s) => ({
        ...(s.activeThreadId === threadId ? appendMessage(s, live) : {}),
        inFlight: { ...s.inFlight, [turnId]: { turnId, threadId, status: 'queued' } },
        live: { ...s.live, [turnId]: live },
      }));
    };

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

      async selectThread(threadId) {
        set((s) => ({ view: 'chat', sidebarOpen: false, navigations: s.navigations + 1 }));
        if (threadId === get().activeThreadId) return;
        set({ activeThreadId: threadId, messageIds: [], messages: {}, threadLoading: threadId !== null });
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
        if (listed && shown?.threadId === threadId && shown.updatedAt === listed.updatedAt) return;
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
