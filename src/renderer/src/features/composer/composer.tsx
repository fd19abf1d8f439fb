import { useId, useState } from 'react';
import { useDesk } from '../../store/store-context';
import { AttachButton, AttachmentTray, useAttachments } from './attachments';
import { ComposerPanel, type PanelKind } from './composer-panels';
import { PickerPopup } from './picker-popup';
import { applyPick, fileReference } from './picker-trigger';
import { ComposerHint, SendButtons } from './send-controls';
import { submitMessage, useSendPolicy } from './send-policy';
import { onTextBoxKey, useTextBox } from './text-box';
import { useNativeCommand } from './use-native-command';
import { usePicker } from './use-picker';
import { useRecall } from './use-recall';
import { RememberPanel, rememberedNote } from './remember-panel';
import { BudgetConfirm, useBudgetsOver } from './budget-confirm';
import './composer.css';
import { lazyPart } from '../../ui/lazy-part';

// The messages waiting for the turn to end show only once one is queued: their list is its own chunk.
const QueuedMessages = lazyPart(
  () => import('./queued-messages'),
  (m) => m.QueuedMessages,
);

export { focusComposer, isComposer } from './text-box';

/**
 * Where the person writes: Enter sends (queues, during a turn), Shift+Enter is a new line; images and text files
 * can be attached with the paperclip, pasted or dropped. Its parts: the text box (text-box.ts: height, focus,
 * caret, keys; use-recall.ts), the attachments (attachments.tsx) and the send policy (send-policy.ts).
 */
export function Composer() {
  const threadId = useDesk((s) => s.activeThreadId);
  const started = useDesk((s) => s.messageIds.length > 0);
  const queued = useDesk((s) => (s.activeThreadId ? (s.queues[s.activeThreadId]?.items.length ?? 0) > 0 : false));
  const text = useDesk((s) => s.drafts[s.activeThreadId ?? ''] ?? '');
  const setDraft = useDesk((s) => s.setDraft);
  const setText = (value: string, thread = threadId) => setDraft(thread, value);
  const policy = useSendPolicy();
  const { busy, blocked } = policy;
  const placeholder = busy ? 'Type to queue a message…' : started ? 'Reply to Claude…' : 'Ask Claude anything…';
  const box = useTextBox(threadId, text, setText, placeholder);
  const attachments = useAttachments(box.focus);
  const empty = !text.trim() && attachments.none;
  const hintId = useId();
  const pickerId = useId();
  const [panel, setPanel] = useState<PanelKind | null>(null);
  const picker = usePicker(threadId, text, box.caret);
  const runNative = useNativeCommand(setPanel);
  const recall = useRecall(text, (value) => {
    box.placeCaret(value.length);
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
    box.placeCaret(next.caret);
    setText(next.text);
    box.setCaret(next.caret);
    return false;
  };
  const pushNotice = useDesk((s) => s.pushNotice);
  // `# note`: remembered in a CLAUDE.md the user picks instead of sent (Claude Code's own `#` shortcut).
  const [remember, setRemember] = useState<string | null>(null);
  // At 100 % of a budget this turn counts against, the message waits for a "Send anyway".
  const over = useBudgetsOver();
  const [askBudget, setAskBudget] = useState(false);
  const submit = (overBudgetConfirmed = false) => {
    const note = attachments.none ? rememberedNote(text) : null;
    if (note) return setRemember(note);
    if (over.length && !overBudgetConfirmed && !empty) return setAskBudget(true);
    return submitMessage({
      policy,
      text,
      threadId,
      setText,
      attachments,
      runNative,
      commands: picker.commands,
      refuse: (reason) => pushNotice('info', reason),
    });
  };

  return (
    <form
      className={`composer ${attachments.dragging ? 'dragging' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      {...attachments.dropTarget}
      data-testid="composer"
    >
      {panel && <ComposerPanel kind={panel} onClose={() => setPanel(null)} />}
      {askBudget && (
        <BudgetConfirm
          over={over}
          onDone={(send) => {
            setAskBudget(false);
            box.focus();
            if (send) void submit(true);
          }}
        />
      )}
      {remember && (
        <RememberPanel
          note={remember}
          onDone={(saved) => {
            setRemember(null);
            if (saved) setText('');
            box.focus();
          }}
        />
      )}
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
      {queued && <QueuedMessages busy={busy} />}
      <AttachmentTray attachments={attachments} onInsert={(i) => box.insert(attachments.takeText(i))} />
      <div className="composer-row">
        <AttachButton onPick={(picked) => void attachments.attach(picked)} />
        <textarea
          ref={box.area}
          rows={1}
          value={text}
          placeholder={placeholder}
          aria-label="Message"
          aria-describedby={hintId}
          aria-autocomplete="list"
          // Only while the list is there: an id with no element is an invalid aria-controls (axe).
          aria-controls={picker.trigger && picker.items.length > 0 ? pickerId : undefined}
          aria-activedescendant={picker.trigger && picker.items.length > 0 ? `${pickerId}-${picker.active}` : undefined}
          data-composer="true"
          onChange={(e) => {
            setText(e.target.value);
            box.setCaret(e.target.selectionStart);
          }}
          onSelect={box.trackCaret}
          onClick={box.trackCaret}
          onFocus={box.prepare}
          onKeyDown={(e) =>
            onTextBoxKey(e, {
              picker,
              choose,
              recall,
              submit: () => void submit(),
              sendCommand: (name) => {
                void policy.sendNow(`/${name}`, []).then((ok) => ok || setText(`/${name} `));
                setText('');
              },
            })
          }
          onPaste={attachments.onPaste}
        />
        <SendButtons busy={busy} blocked={blocked} empty={empty} hintId={hintId} />
      </div>
      <ComposerHint id={hintId} busy={busy} blocked={blocked} />
    </form>
  );
}
