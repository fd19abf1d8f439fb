import { useEffect, useRef, useState } from 'react';
import { isFinalStatus } from '../../../../shared/turn-reducer';
import type { AssistantMessage, UserMessage } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { isThreadBusy } from '../../store/turn-selectors';
import { CopyButton } from '../../ui/copy-button';
import { Icon } from '../../ui/icons';
import { splitAttachedTexts, typedText, withAttachedTexts } from '../../../../shared/attached-text';
import { TextAttachments } from '../../ui/text-attachments';
import './message-actions.css';

/**
 * The formats, made once: `toLocaleTimeString(…, options)` builds a new Intl formatter on every call, and scrolling
 * the 2,000-message thread mounted rows fast enough for that to be ~0.5 s of its long tasks. `full` is
 * what `toLocaleString()` shows.
 */
let made: Record<'time' | 'day' | 'full', Intl.DateTimeFormat> | undefined;
const formats = () =>
  (made ??= {
    time: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }),
    day: new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }),
    full: new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
  });

interface TimeLabels {
  date: string;
  iso: string;
  time: string;
  day: string;
  full: string;
}
/** By time stamp: a row scrolled back into view (or its neighbour's re-render) formats nothing again. */
const labels = new Map<number, TimeLabels>();
function labelsOf(at: number): TimeLabels {
  let l = labels.get(at);
  if (!l) {
    const d = new Date(at);
    const f = formats();
    l = {
      date: d.toDateString(),
      iso: d.toISOString(),
      time: f.time.format(d),
      day: f.day.format(d),
      full: f.full.format(d),
    };
    if (labels.size >= 5000) labels.clear();
    labels.set(at, l);
  }
  return l;
}

/** "14:05", or "3 Mar, 14:05" on another day; the full date and time on hover. */
export function MessageTime({ at, now = Date.now() }: { at: number; now?: number }) {
  const l = labelsOf(at);
  const short = new Date(now).toDateString() === l.date ? l.time : `${l.day}, ${l.time}`;
  return (
    <time className="message-time" dateTime={l.iso} title={l.full} data-testid="message-time">
      {short}
    </time>
  );
}

/** The answer as Markdown: its text parts in order (tool calls and thinking are not part of what it said). */
export function answerMarkdown(message: AssistantMessage): string {
  return message.parts
    .flatMap((p) => (p.kind === 'text' ? [p.text.trim()] : []))
    .filter(Boolean)
    .join('\n\n');
}

const useBusy = () => useDesk((s) => (s.activeThreadId ? isThreadBusy(s.inFlight, s.activeThreadId) : false));

/** Under a user message, on hover: its time, Copy, and Edit & resend (a fork: the old branch stays reachable). */
export function UserMessageActions({ message, onEdit }: { message: UserMessage; onEdit: () => void }) {
  const busy = useBusy();
  return (
    <>
      <MessageTime at={message.createdAt} />
      <CopyButton text={message.text} label="Copy" />
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={busy}
        title={
          busy
            ? 'Wait until Claude has finished (or press Stop)'
            : 'Change this message and continue from here; the conversation after it stays as a branch'
        }
        onClick={onEdit}
      >
        <Icon name="pencil" size={13} /> Edit &amp; resend
      </button>
    </>
  );
}

/** The user message's text, editable in place: Save &amp; send resends it from here, Esc or Cancel leaves it. */
export function UserMessageEditor({ message, onDone }: { message: UserMessage; onDone: () => void }) {
  // The typed words are edited; attached files and pastes stay chips (removable) and go again with the edit.
  const [text, setText] = useState(() => typedText(message.text));
  const [attached, setAttached] = useState(() =>
    splitAttachedTexts(message.text).flatMap((s) => (s.kind === 'attached' ? s.attachments : [])),
  );
  const resendFrom = useDesk((s) => s.resendFrom);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = box.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const empty = !text.trim() && attached.length === 0;
  const save = async () => {
    if (empty || sending) return;
    setSending(true);
    if (await resendFrom(message.id, withAttachedTexts(text, attached), 'edit')) onDone();
    else setSending(false);
  };
  return (
    <div className="user-edit" data-testid="user-message-editor">
      <textarea
        ref={box}
        aria-label="Edit message"
        value={text}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onDone();
          } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void save();
          }
        }}
      />
      {attached.length > 0 && (
        <div className="user-attached">
          <TextAttachments
            items={attached}
            testId="edit-attachment"
            onRemove={(i) => setAttached(attached.filter((_, j) => j !== i))}
          />
        </div>
      )}
      {message.images?.length ? (
        <p className="muted user-edit-note">The images are not sent again: attach them in the composer if needed.</p>
      ) : null}
      <div className="user-edit-actions">
        <button type="button" className="btn btn-small btn-ghost" onClick={onDone}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={empty || sending}
          onClick={() => void save()}
        >
          Save &amp; send
        </button>
      </div>
    </div>
  );
}

/** Under an answer that is over: its time, Copy (as Markdown), and on the last one Regenerate. */
export function AssistantMessageActions({ message }: { message: AssistantMessage }) {
  const busy = useBusy();
  const resendFrom = useDesk((s) => s.resendFrom);
  // The user message this answer replied to, when this is the thread's last answer.
  const askedBy = useDesk((s) => {
    const ids = s.messageIds;
    if (ids[ids.length - 1] !== message.id) return undefined;
    for (let i = ids.length - 2; i >= 0; i--) {
      const m = s.messages[ids[i]!];
      if (m?.role === 'user') return m.marker ? undefined : m.id;
    }
    return undefined;
  });
  if (!isFinalStatus(message.status)) return null;
  const markdown = answerMarkdown(message);
  return (
    <div className="assistant-actions">
      <MessageTime at={message.createdAt} />
      {markdown && <CopyButton text={markdown} label="Copy" />}
      {askedBy && message.status === 'done' && (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={busy}
          title="Ask again for a new answer; this one stays as a branch"
          onClick={() => void resendFrom(askedBy, undefined, 'regenerate')}
        >
          <Icon name="history" size={13} /> Regenerate
        </button>
      )}
    </div>
  );
}
