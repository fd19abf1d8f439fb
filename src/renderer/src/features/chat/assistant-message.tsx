import { Fragment, useState, type ReactNode } from 'react';
import { isFinalStatus } from '../../../../shared/turn-reducer';
import type { ApprovalCard, AssistantMessage, AssistantPart } from '../../../../shared/threads';
import { Markdown } from '../../ui/markdown';
import { ThinkingBlock } from './thinking-block';
import { ToolCard } from './tool-card';
import { TurnFooter } from './turn-footer';
import { TurnState } from './turn-state';
import { StreamingText } from './streaming-text';
import { ApprovalCardView } from '../approvals/approval-card';
import { CompactDivider } from '../context/compact-divider';
import { TurnTasks } from '../tasks/task-checklist';
import { isTaskTool } from '../../../../shared/task-list';
import { AssistantMessageActions } from './message-actions';
import { HookLine } from './hook-line';

/** Approval cards by the tool call they ask about; a call's card is shown with (and its outcome on) that call. */
function approvalsByTool(message: AssistantMessage): Map<string, ApprovalCard> {
  const tools = new Set(message.parts.flatMap((p) => (p.kind === 'tool' ? [p.toolUseId] : [])));
  const map = new Map<string, ApprovalCard>();
  for (const card of message.approvals ?? []) {
    const id = card.request.toolUseId;
    if (id && tools.has(id)) map.set(id, card);
  }
  return map;
}

/** Where the CLI, by itself, started answering again after a background sub-agent finished (case 34). */
function FollowUpDivider() {
  return (
    <div
      className="session-divider"
      role="separator"
      aria-label="Background agent finished — Claude follows up"
      data-testid="follow-up-divider"
    >
      <span>Background agent finished — Claude follows up</span>
    </div>
  );
}

/** One assistant turn: its parts in the order they streamed, approval cards, its state, and its footer. */
export function AssistantMessageView({
  message,
  threadId,
  lazy = false,
}: {
  message: AssistantMessage;
  threadId?: string;
  /** Its text may render a frame late (message-row.tsx). */
  lazy?: boolean;
}) {
  const over = isFinalStatus(message.status);
  // Only an answer already finished when it came on screen: one that finishes while shown renders at once, so
  // the streamed answer never flashes plain at its end.
  const [history] = useState(over);
  const last = message.parts.length - 1;
  const hasOutput = message.parts.some((p) => p.kind !== 'thinking');
  const byTool = approvalsByTool(message);
  const cardView = (card: ApprovalCard, toolInput?: unknown) =>
    threadId && (
      <ApprovalCardView
        key={card.request.requestId}
        card={card}
        threadId={threadId}
        turnId={message.id}
        toolInput={toolInput}
      />
    );
  const firstTask = message.parts.findIndex((p) => p.kind === 'tool' && isTaskTool(p.name));
  const partView = (part: AssistantPart, i: number) => {
    if (part.kind === 'text') {
      return !over && i === last ? (
        <StreamingText key={i} text={part.text} />
      ) : (
        <Markdown key={i} text={part.text} deferred={lazy && history} />
      );
    }
    if (part.kind === 'thinking') return <ThinkingBlock key={i} text={part.text} streaming={!over && i === last} />;
    const card = byTool.get(part.toolUseId);
    // Task* calls are the checklist, drawn once where the first of them came (unless one waits for an answer).
    if (isTaskTool(part.name) && !(card && !card.outcome)) {
      return i === firstTask ? <TurnTasks key="tasks" messageId={message.id} live={!over} /> : null;
    }
    return (
      <Fragment key={part.toolUseId}>
        <ToolCard part={part} turnOver={over} approval={card} threadId={threadId} turnId={message.id} />
        {/* The prompt sits under its call while it waits; once answered, the call's badge says how. */}
        {card && !card.outcome && cardView(card, part.input)}
      </Fragment>
    );
  };
  // Dividers go before the part they name; one at or past the end goes after the last part.
  const dividers: { at: number; node: ReactNode }[] = [
    ...(message.compacted
      ? [
          {
            at: message.compacted.atPart ?? 0,
            node: <CompactDivider key="compacted" compacted={message.compacted} />,
          },
        ]
      : []),
    ...(message.followUps ?? []).map((at) => ({ at, node: <FollowUpDivider key={`follow-up-${at}`} /> })),
    ...(message.hooks ?? []).map((run) => ({ at: run.atPart, node: <HookLine key={run.hookId} run={run} /> })),
  ];
  const dividersAt = (i: number) => dividers.filter((d) => d.at === i).map((d) => d.node);
  const end = message.parts.length;
  return (
    <article
      className="message message-assistant"
      data-testid="assistant-message"
      data-status={message.status}
      aria-label="Claude"
      // Readers wait for the whole answer instead of hearing each token; TurnAnnouncer says when it ends.
      aria-busy={!over}
    >
      {message.parts.flatMap((part, i) => [...dividersAt(i), partView(part, i)])}
      {dividers.filter((d) => d.at >= end).map((d) => d.node)}
      {message.approvals?.filter((c) => !(c.request.toolUseId && byTool.has(c.request.toolUseId))).map(cardView)}
      {message.warnings?.map((w, i) => (
        <p key={`w${i}`} className="turn-warning" role="note">
          {w}
        </p>
      ))}
      <TurnState message={message} hasOutput={hasOutput} />
      {message.verdict && message.status !== 'failed' && <TurnFooter verdict={message.verdict} model={message.model} />}
      {threadId && <AssistantMessageActions message={message} />}
    </article>
  );
}
