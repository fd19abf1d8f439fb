import type { StoreApi } from 'zustand';
import { getApi } from '../api';
import { newAssistantMessage } from '../../../shared/turn-reducer';
import type { AssistantMessage, ImageAttachment, UserMessage } from '../../../shared/threads';
import { autoTitle, DEFAULT_THREAD_TITLE } from '../../../shared/thread-title';
import { errorText, type DeskState, type StoreDeps } from './desk-state';
import { appendMessage, removeMessage } from './merge-messages';

type SetGet = Pick<StoreApi<DeskState>, 'setState' | 'getState'>;

let localSeq = 0;
/** A placeholder the host never saw (a send it refused): its id says so, and Retry replaces it. */
const localId = (kind: string): string => `local-${kind}-${++localSeq}`;

/** Sending a user message and showing its turn until the turn's own events arrive (the chat slice's writes). */
export function createSender({ setState: set, getState: get }: SetGet, deps: StoreDeps) {
  const now = deps.now ?? Date.now;
  let askedOnFirstSend = false;
  // Threads with a send awaiting the host's answer: the host's echo of it (threadsChanged) is not fetched back.
  const sending = new Map<string, number>();
  const isSending = (threadId: string): boolean => (sending.get(threadId) ?? 0) > 0;
  // Turns this window started that have not answered yet (their events before the answer are held: bridge/turns.ts).
  const fresh = new Set<string>();
  // Turns this window started, for as long as they may run: another window's turn of the same thread is not one.
  const sentHere = new Set<string>();
  const remember = (turnId: string): void => {
    fresh.add(turnId);
    sentHere.add(turnId);
    if (sentHere.size > 50) sentHere.delete(sentHere.values().next().value as string);
    if (fresh.size > 20) fresh.delete(fresh.values().next().value as string); // one whose end was never seen
  };
  const awaitsFirstAnswer = (threadId: string, turnId: string): boolean => isSending(threadId) || fresh.has(turnId);
  const firstAnswerCame = (turnId: string): void => void fresh.delete(turnId);

  const appendToThread = (threadId: string, msg: UserMessage | AssistantMessage): void =>
    set((s) => (s.activeThreadId === threadId ? appendMessage(s, msg) : {}));

  // The bytes of images sent, by user message id (only their names are saved), so Retry can send them again.
  const sentImages = new Map<string, ImageAttachment[]>();
  const rememberImages = (messageId: string, images: ImageAttachment[]): void => {
    sentImages.set(messageId, images);
    if (sentImages.size > 20) sentImages.delete(sentImages.keys().next().value as string);
  };

  /** The answer's place, shown with the question at Enter under the id the host will give its turn. */
  const showAnswerPlace = (threadId: string, user: UserMessage | undefined, turnId: string): void => {
    remember(turnId);
    const live = newAssistantMessage(turnId, now());
    set((s) => {
      const shown = s.activeThreadId === threadId;
      const index = shown && user ? appendMessage(s, user) : s;
      return {
        ...(shown ? appendMessage(index, live) : {}),
        inFlight: { ...s.inFlight, [turnId]: { turnId, threadId, status: 'queued' } },
        live: { ...s.live, [turnId]: live },
      };
    });
  };
  /** Take back an answer's place the host did not fill (it refused the send, or named the turn otherwise). */
  const dropAnswerPlace = (turnId: string): void => {
    fresh.delete(turnId);
    set((s) => {
      const { [turnId]: _turn, ...inFlight } = s.inFlight;
      const { [turnId]: _live, ...live } = s.live;
      return { ...removeMessage(s, turnId), inFlight, live };
    });
  };

  /** The host's turn for a message it took: shown as queued until its events say more. */
  const trackTurn = (threadId: string, turnId: string): void => {
    // Events may have arrived before this answer (the host queues synchronously): they win.
    if (get().hasSeenTurn(turnId)) remember(turnId);
    else showAnswerPlace(threadId, undefined, turnId);
  };

  /** The active thread, or a new one named from the text when none is open yet (null: it could not be made). */
  const threadFor = async (text: string): Promise<string | null> => {
    const active = get().activeThreadId;
    if (active) return active;
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
    return created ? created.id : null;
  };

  /**
   * Send a new user message, or (`resend`) re-send one already on screen that the host never took: it keeps
   * its id and bubble. The id is ours: the host stores the message under it, so a re-fetch finds it by id.
   */
  const send = async (text: string, images: ImageAttachment[] | undefined, resend?: UserMessage): Promise<boolean> => {
    if (!text.trim() && !images?.length) return false;
    if (!askedOnFirstSend) {
      askedOnFirstSend = true;
      deps.onFirstSend?.();
    }
    // Into the open thread without a pause: the bubble then joins the composer's emptying in the key's one render.
    const threadId = get().activeThreadId ?? (await threadFor(text));
    if (!threadId) return false;
    const messageId = resend?.id ?? crypto.randomUUID();
    let user: UserMessage | undefined;
    if (!resend) {
      user = { id: messageId, role: 'user', createdAt: now(), text };
      if (images?.length) user.images = images.map((i) => ({ name: i.name, mediaType: i.mediaType }));
    }
    if (images?.length) rememberImages(messageId, images);
    // The question and its answer's place in one render: a second one when the host answers (~10 ms of the
    // page, and a frame) fell in the tens of milliseconds the CLI needs the cores for, to send its request.
    const placeId = crypto.randomUUID();
    showAnswerPlace(threadId, user, placeId);
    set((s) => ({ sendCount: s.sendCount + 1 }));
    sending.set(threadId, (sending.get(threadId) ?? 0) + 1);
    try {
      const { turnId } = await getApi().sendMessage({
        threadId,
        messageId,
        turnId: placeId,
        text,
        ...(images?.length ? { images } : {}),
      });
      // A host that named the turn itself (one older than the turnId field): its id is the one events carry.
      if (turnId !== placeId) {
        dropAnswerPlace(placeId);
        trackTurn(threadId, turnId);
      }
    } catch (err) {
      dropAnswerPlace(placeId);
      const failed: AssistantMessage = {
        ...newAssistantMessage(localId('failed'), now()),
        status: 'failed',
        error: { kind: 'internal', message: `The message could not be sent: ${errorText(err)}` },
      };
      appendToThread(threadId, failed);
    } finally {
      const left = (sending.get(threadId) ?? 1) - 1;
      if (left > 0) sending.set(threadId, left);
      else sending.delete(threadId);
    }
    return true;
  };

  const startedHere = (turnId: string): boolean => sentHere.has(turnId);
  return { send, trackTurn, sentImages, rememberImages, isSending, awaitsFirstAnswer, firstAnswerCame, startedHere };
}
