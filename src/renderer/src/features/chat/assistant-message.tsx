import { isFinalStatus } from '../../../../shared/turn-reducer';
import type { AssistantMessage } from '../../../../shared/threads';
import { Markdown } from './markdown';
import { ThinkingBlock } from './thinking-block';
import { ToolCard } from './tool-card';
import { TurnFooter } from './turn-footer';
import { TurnState } from './turn-state';
import { StreamingText } from './streaming-text';
import { ApprovalCardView } from '../approvals/approval-card';

/** One assistant turn: its parts in the order they streamed, approval cards, its state, and its footer. */
export function AssistantMessageView({ message, threadId }: { message: AssistantMessage; threadId?: string }) {
  const over = isFinalStatus(message.status);
  const last = message.parts.length - 1;
  const hasOutput = message.parts.some((p) => p.kind !== 'thinking');
  return (
    <article className="message message-assistant" data-testid="assistant-message" data-status={message.status} aria-label="Claude">
      {message.parts.map((part, i) => {
        if (part.kind === 'text') {
          return !over && i === last ? <StreamingText key={i} text={part.text} /> : <Markdown key={i} text={part.text} />;
        }
        if (part.kind === 'thinking') return <ThinkingBlock key={i} text={part.text} streaming={!over && i === last} />;
        return <ToolCard key={part.toolUseId} part={part} turnOver={over} />;
      })}
      {threadId &&
        message.approvals?.map((card) => (
          <ApprovalCardView key={card.request.requestId} card={card} threadId={threadId} turnId={message.id} />
        ))}
      {message.warnings?.map((w, i) => (
        <p key={`w${i}`} className="turn-warning" role="note">
          {w}
        </p>
      ))}
      <TurnState message={message} hasOutput={hasOutput} />
      {message.verdict && message.status !== 'failed' && <TurnFooter verdict={message.verdict} model={message.model} />}
    </article>
  );
}
