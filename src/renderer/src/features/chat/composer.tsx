import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { getApi } from '../../api';
import type { ImageAttachment } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { isThreadBusy } from '../../store/turn-selectors';
import { Icon } from '../../ui/icons';
import { readAttachments, withTextFiles, type TextAttachment } from './read-images';
import { isLongPaste, pasteName } from '../../../../shared/attached-text';
import { TextAttachments } from './text-attachments';
import { sendBlockedReason } from './send-blocked';
import { MAX_IMAGES_PER_MESSAGE } from '../../../../shared/call-names';
import { usePicker } from '../composer/use-picker';
import { PickerPopup } from '../composer/picker-popup';
import { applyPick, fileReference } from '../composer/picker-trigger';
import { ComposerPanel, type PanelKind } from '../composer/composer-panels';
import { useNativeCommand } from '../composer/use-native-command';
import { QueuedMessages } from '../composer/queued-messages';
import { useRecall } from '../composer/use-recall';

const FOCUS_EVENT = 'claude-desk:focus-composer';

/** The text box as tall as its text, up to a third of the window (then it scrolls inside). */
function fitHeight(el: HTMLTextAreaElement): void {
  el.style.height = 'auto';
  el.style.height = `${Math.min(el.scrollHeight, Math.max(160, window.innerHeight / 3))}px`;
}

/** Whether a key event came from the composer's text box (Esc there stops the turn). */
export function isComposer(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.dataset.composer === 'true';
}

/** Ask the composer to take focus (after Cmd/Ctrl+N, after choosing a thread). */
export function focusComposer(): void {
  window.dispatchEvent(new Event(FOCUS_EVENT));
}

/**
 * Where the person writes: Enter sends (queues, during a turn), Shift+Enter is a new line; images and text files
 * can be attached with the paperclip, pasted or dropped.
 */
export function Composer() {
  const threadId = useDesk((s) => s.activeThreadId);
  const started = useDesk((s) => s.messageIds.length > 0);
  const busy = useDesk((s) => (s.activeThreadId ? isThreadBusy(s.inFlight, s.activeThreadId) : false));
  const sendMessage = useDesk((s) => s.sendMessage);
  const queueMessage = useDesk((s) => s.queueMessage);
  // Something is queued and about to go: a new message joins the line instead of jumping it.
  const queueGoing = useDesk((s) => {
    const q = s.activeThreadId ? s.queues[s.activeThreadId] : undefined;
    return Boolean(q?.items.length && !q.hold && !q.problem);
  });
  const stop = useDesk((s) => s.stopActiveTurn);
  const text = useDesk((s) => s.drafts[s.activeThreadId ?? ''] ?? '');
  const setDraft = useDesk((s) => s.setDraft);
  const blocked = useDesk(sendBlockedReason);
  const setText = (value: string, thread = threadId) => setDraft(thread, value);
  const [images, setImages] = useState<ImageAttachment[]>([]);
  const [files, setFiles] = useState<TextAttachment[]>([]);
  const filePicker = useRef<HTMLInputElement>(null);
  const empty = !text.trim() && images.length === 0 && files.length === 0;
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const pickerId = useId();
  const [caret, setCaret] = useState(0);
  const [panel, setPanel] = useState<PanelKind | null>(null);
  const picker = usePicker(threadId, text, caret);
  const runNative = useNativeCommand(setPanel);
  const trackCaret = () => setCaret(area.current?.selectionStart ?? 0);
  // The next turn's CLI starts while the person types: on focus (below), and when the thread changes under a
  // composer that already has it (Cmd/Ctrl+N while typing, a thread opened from the keyboard) — no focus event
  // comes then, and that thread's first answer would have waited for a cold start (~0.3 s more).
  const prepareTurn = (id: string | null) => {
    if (id)
      getApi()
        .prepareTurn({ threadId: id })
        .catch(() => undefined);
  };
  useEffect(() => {
    if (threadId && area.current && area.current === area.current.ownerDocument.activeElement) prepareTurn(threadId);
  }, [threadId]);
  // Where the caret goes once new text is on screen: set in the same commit (a layout effect), not a frame later,
  // or a key typed meanwhile on a busy machine lands at the old caret and scrambles the text.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null) return;
    pendingCaret.current = null;
    area.current?.setSelectionRange(at, at);
  });
  const recall = useRecall(text, (value) => {
    pendingCaret.current = value.length;
    setText(value);
  });

  /** Put the picked command or file into the text (a native command runs instead). */
  const choose = (index: number): boolean => {
    const item = picker.items[index];
    const trigger = picker.trigger;
    if (!item || !trigger) return false;
    if (item.command?.kind === 'native') {
      setText('');
      void runNative(item.command.name);
      return true;
    }
    const insert = item.command ? `/${item.command.name} ` : fileReference(item.path ?? '');
    const next = applyPick(text, trigger, insert);
    pendingCaret.current = next.caret;
    setText(next.text);
    setCaret(next.caret);
    return false;
  };

  useEffect(() => {
    const focus = () => {
      const el = area.current;
      el?.focus();
      el?.setSelectionRange(el.value.length, el.value.length); // after a filled-in suggestion, type on
    };
    window.addEventListener(FOCUS_EVENT, focus);
    return () => window.removeEventListener(FOCUS_EVENT, focus);
  }, []);

  useEffect(() => {
    area.current?.focus();
  }, [threadId]);

  // Grow with the text up to a third of the window, then scroll inside. Measured again when the box's width
  // changes (a resized window, the sidebar folded) or its placeholder does: a height measured for a wrapped
  // placeholder at 800 px would otherwise stay, an empty box two lines tall.
  const placeholder = busy ? 'Type to queue a message…' : started ? 'Reply to Claude…' : 'Ask Claude anything…';
  useEffect(() => {
    if (area.current) fitHeight(area.current);
  }, [text, placeholder]);
  useEffect(() => {
    const el = area.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let width = el.clientWidth;
    const ro = new ResizeObserver(() => {
      if (el.clientWidth === width) return; // its own height change: nothing to do
      width = el.clientWidth;
      fitHeight(el);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const attach = async (picked: File[]) => {
    const { images: read, texts, problems: bad } = await readAttachments(picked);
    const room = MAX_IMAGES_PER_MESSAGE - images.length;
    setImages((prev) => [...prev, ...read].slice(0, MAX_IMAGES_PER_MESSAGE));
    setFiles((prev) => [...prev, ...texts]);
    setProblems(
      read.length > room
        ? [...bad, `Only ${MAX_IMAGES_PER_MESSAGE} images fit one message: the rest were left out.`]
        : bad,
    );
    area.current?.focus();
  };

  const submit = async () => {
    if (empty) return;
    // `/clear`, `/model`, `/cost`, `/mcp` typed in full run the native version, as the picker would.
    const native = /^\/(clear|model|cost|mcp)\s*$/.exec(text.trim());
    if (native && images.length === 0 && files.length === 0) {
      setText('');
      void runNative(native[1]!);
      return;
    }
    if (blocked) return; // kept in the box; the hint and the banner say why
    const typed = text;
    const sentText = withTextFiles(text, files);
    const sentImages = images;
    const sentFiles = files;
    const sentFrom = threadId;
    setText('');
    setImages([]);
    setFiles([]);
    setProblems([]);
    // During a turn the message waits in the host's queue (shown above the text box) instead of interrupting.
    const ok = busy || queueGoing ? await queueMessage(sentText, sentImages) : await sendMessage(sentText, sentImages);
    if (!ok) {
      setText(typed, sentFrom);
      setImages(sentImages);
      setFiles(sentFiles);
    }
  };

  return (
    <form
      className={`composer ${dragging ? 'dragging' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        setDragging(false);
        const dropped = [...e.dataTransfer.files];
        if (dropped.length === 0) return;
        e.preventDefault();
        void attach(dropped);
      }}
      data-testid="composer"
    >
      {panel && <ComposerPanel kind={panel} onClose={() => setPanel(null)} />}
      {picker.trigger && (
        <PickerPopup
          id={pickerId}
          kind={picker.trigger.kind}
          items={picker.items}
          active={picker.active}
          loading={picker.loading}
          truncated={picker.truncated}
          listedSoFar={picker.listedSoFar}
          problem={picker.problem}
          query={picker.trigger.query}
          onHover={picker.setActive}
          onChoose={(i) => void choose(i)}
        />
      )}
      <QueuedMessages busy={busy} />
      {(images.length > 0 || files.length > 0 || problems.length > 0) && (
        <div className="composer-attachments">
          {images.map((img, i) => (
            <span key={i} className="chip" data-testid="attachment">
              <Icon name="image" size={14} /> {img.name}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${img.name ?? 'image'}`}
                onClick={() => setImages(images.filter((_, j) => j !== i))}
              >
                <Icon name="x" size={12} />
              </button>
            </span>
          ))}
          <TextAttachments
            items={files}
            testId="attachment"
            onRemove={(i) => setFiles(files.filter((_, j) => j !== i))}
            onInsert={(i) => {
              // Back into the text box at the caret, as a plain paste would have put it.
              const at = area.current?.selectionStart ?? text.length;
              const inserted = files[i]!.text;
              setFiles(files.filter((_, j) => j !== i));
              pendingCaret.current = at + inserted.length;
              setText(text.slice(0, at) + inserted + text.slice(at));
            }}
          />
          {problems.map((p) => (
            <p key={p} className="composer-problem" role="status" data-testid="attachment-problem">
              {p}
            </p>
          ))}
        </div>
      )}
      <div className="composer-row">
        <input
          ref={filePicker}
          type="file"
          multiple
          hidden
          data-testid="attach-input"
          onChange={(e) => {
            const picked = [...(e.target.files ?? [])];
            e.target.value = ''; // the same file can be picked again after removing its chip
            if (picked.length) void attach(picked);
          }}
        />
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-attach"
          aria-label="Attach images or files"
          title="Attach images or text files"
          onClick={() => filePicker.current?.click()}
          data-testid="attach-button"
        >
          <Icon name="paperclip" size={17} />
        </button>
        <textarea
          ref={area}
          rows={1}
          value={text}
          placeholder={placeholder}
          aria-label="Message"
          aria-describedby={hintId}
          aria-autocomplete="list"
          aria-controls={picker.trigger ? pickerId : undefined}
          aria-activedescendant={picker.trigger && picker.items.length > 0 ? `${pickerId}-${picker.active}` : undefined}
          data-composer="true"
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
          }}
          onSelect={trackCaret}
          onClick={trackCaret}
          onFocus={() => prepareTurn(threadId)}
          onKeyDown={(e) => {
            if (picker.trigger && !e.nativeEvent.isComposing) {
              const n = picker.items.length;
              if (e.key === 'Escape') {
                e.preventDefault(); // closes the picker; the running turn is not stopped
                picker.dismiss();
                return;
              }
              if (n > 0 && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
                e.preventDefault();
                picker.setActive((picker.active + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
                return;
              }
              if (n > 0 && (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey))) {
                e.preventDefault();
                const item = picker.items[picker.active];
                const ran = choose(picker.active);
                // A command that takes nothing after it is complete: Enter sends it at once.
                if (!ran && e.key === 'Enter' && item?.command && !item.command.argumentHint) {
                  void sendMessage(`/${item.command.name}`, []).then((ok) => ok || setText(`/${item.command!.name} `));
                  setText('');
                }
                return;
              }
            }
            if (!picker.trigger && recall(e)) {
              e.preventDefault();
              return;
            }
            // IME composition (Japanese, Chinese…) uses Enter to confirm a word, not to send.
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          onPaste={(e) => {
            const pasted = [...e.clipboardData.files];
            if (pasted.length === 0) {
              // A long paste folds into a chip ("Pasted text · 142 lines"); it is still sent in full.
              const long = e.clipboardData.getData('text/plain');
              if (!isLongPaste(long)) return;
              e.preventDefault();
              setFiles((prev) => [...prev, { name: pasteName(prev), text: long }]);
              return;
            }
            e.preventDefault();
            void attach(pasted);
          }}
        />
        <div className="composer-actions">
          {busy && (
            <button type="button" className="btn btn-stop" onClick={() => void stop()} data-testid="stop-button">
              <Icon name="stop" size={14} /> Stop
            </button>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-send"
            disabled={empty || blocked !== undefined}
            aria-label="Send"
            aria-describedby={blocked ? hintId : undefined}
            title={blocked}
            data-testid="send-button"
          >
            <Icon name="send" size={16} />
          </button>
        </div>
      </div>
      <p id={hintId} className={`composer-hint ${blocked ? 'composer-blocked' : ''}`} data-testid="composer-hint">
        {blocked ??
          `${busy ? 'Enter to queue' : 'Enter to send'} · Shift+Enter for a new line${busy ? ' · Esc to stop' : ''}`}
      </p>
    </form>
  );
}
