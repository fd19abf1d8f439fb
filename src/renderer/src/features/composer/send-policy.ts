import { terminalOnlyReason, type SlashCommand } from '../../../../shared/composer';
import type { ImageAttachment } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { isThreadBusy } from '../../store/turn-selectors';
import type { Attached } from './attachments';
import { withTextFiles } from './read-images';
import { sendBlockedReason } from './send-blocked';

/**
 * Whether a message written now goes at once, waits in the queue, or cannot go (and why): during a turn, or
 * while something queued is about to go, it joins the host's queue (shown above the text box) instead of
 * interrupting or jumping the line.
 */
export function useSendPolicy() {
  const busy = useDesk((s) => (s.activeThreadId ? isThreadBusy(s.inFlight, s.activeThreadId) : false));
  const sendMessage = useDesk((s) => s.sendMessage);
  const queueMessage = useDesk((s) => s.queueMessage);
  // Something is queued and about to go: a new message joins the line instead of jumping it.
  const queueGoing = useDesk((s) => {
    const q = s.activeThreadId ? s.queues[s.activeThreadId] : undefined;
    return Boolean(q?.items.length && !q.hold && !q.problem);
  });
  const blocked = useDesk(sendBlockedReason);
  return {
    busy,
    /** Why Send is off (send-blocked.ts), or undefined. */
    blocked,
    send: (text: string, images: ImageAttachment[]): Promise<boolean> =>
      busy || queueGoing ? queueMessage(text, images) : sendMessage(text, images),
    /** Past the queue: a slash command picked with Enter goes at once. */
    sendNow: sendMessage,
  };
}

export type SendPolicy = ReturnType<typeof useSendPolicy>;

/** `/clear`, `/model`, `/cost`, `/mcp` typed in full run the native version, as the picker would. */
export function typedNativeCommand(text: string): string | undefined {
  return /^\/(clear|model|cost|mcp)\s*$/.exec(text.trim())?.[1];
}

/**
 * Enter (or Send): the text and its attachments go, or queue; a refused send puts them back (the text into the
 * thread it was written in). A blocked send keeps everything in the box: the hint and the banner say why.
 */
export async function submitMessage({
  policy,
  text,
  threadId,
  setText,
  attachments,
  runNative,
  commands = [],
  refuse,
}: {
  policy: SendPolicy;
  text: string;
  threadId: string | null;
  setText(value: string, thread?: string | null): void;
  attachments: { none: boolean; take(): Attached; restore(back: Attached): void };
  runNative(name: string): Promise<void>;
  /** The thread's commands: a project's or user's own `/rename` is theirs to send. */
  commands?: readonly SlashCommand[];
  /** Says why the text was not sent (it stays in the box). */
  refuse?(reason: string): void;
}): Promise<void> {
  if (!text.trim() && attachments.none) return;
  const native = typedNativeCommand(text);
  if (native && attachments.none) {
    setText('');
    void runNative(native);
    return;
  }
  // A terminal-only built-in (case 31x) would come back as a line about Claude Code's terminal: not a turn.
  const terminalOnly = terminalOnlyReason(text);
  const name = /^\/([\w:-]+)/.exec(text.trim())?.[1];
  if (terminalOnly && !commands.some((c) => c.name === name && c.source !== 'builtin')) {
    refuse?.(terminalOnly);
    return;
  }
  if (policy.blocked) return; // kept in the box; the hint and the banner say why
  const sent = attachments.take();
  setText('');
  const ok = await policy.send(withTextFiles(text, sent.files), sent.images);
  if (!ok) {
    setText(text, threadId);
    attachments.restore(sent);
  }
}
