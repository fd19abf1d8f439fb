import { useMemo } from 'react';
import type { DeskState } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { approvalToolName } from '../../tool-names';
import { openRequest, type WaitingKind } from '../../waiting-for';
import './waiting.css';

export interface WaitingItem {
  threadId: string;
  title: string;
  /** What the turn waits for: an approval of a tool call, an answer to Claude's question, a decision on its plan. */
  kind: WaitingKind;
  /** The tool in the words its approval card uses ("Shell", not "Bash"). */
  toolName: string;
}

/** Every thread with a turn waiting on the user, oldest request first (a JSON string: stable for the selector). */
function waitingKey(s: DeskState): string {
  const items: WaitingItem[] = [];
  for (const turn of Object.values(s.inFlight)) {
    if (turn.status !== 'waiting') continue;
    const message = s.live[turn.turnId] ?? s.messages[turn.turnId];
    const open = openRequest(message);
    if (!open) continue;
    const { kind } = open;
    const toolName = approvalToolName(open.toolName, open.displayName);
    const title = s.threads.find((t) => t.id === turn.threadId)?.title ?? 'Thread';
    if (!items.some((i) => i.threadId === turn.threadId))
      items.push({ threadId: turn.threadId, title, kind, toolName });
  }
  return JSON.stringify(items);
}

const WHAT: Record<WaitingItem['kind'], string> = {
  approval: 'Approve',
  question: 'Answer a question',
  plan: 'Review the plan',
};

/**
 * "Waiting for you": one place in the sidebar listing every thread whose turn waits for an approval, an answer or a
 * plan decision, across all threads; a click opens that thread at its card.
 */
export function WaitingInbox() {
  const key = useDesk(waitingKey);
  const activeId = useDesk((s) => s.activeThreadId);
  const selectThread = useDesk((s) => s.selectThread);
  const items = useMemo(() => JSON.parse(key) as WaitingItem[], [key]);
  if (items.length === 0) return null;
  return (
    <section className="waiting-inbox" aria-label="Waiting for you" data-testid="waiting-inbox">
      <div className="waiting-inbox-title">
        <Icon name="alert" size={13} /> Waiting for you <span className="waiting-count">{items.length}</span>
      </div>
      <ul>
        {items.map((item) => (
          <li key={item.threadId}>
            <button
              type="button"
              className="waiting-item"
              aria-current={item.threadId === activeId ? 'true' : undefined}
              onClick={() => void selectThread(item.threadId)}
              data-testid="waiting-item"
              data-kind={item.kind}
            >
              <span className="waiting-item-title">{item.title}</span>
              <span className="waiting-item-what">
                {WHAT[item.kind]}
                {item.kind === 'approval' ? `: ${item.toolName}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
