import type { AssistantMessage } from '../../../../shared/threads';
import { formatTokens } from '../../ui/format';
import './context.css';

/** "Conversation compacted · 142k → 18k tokens": where the CLI replaced the conversation with a summary (case 37). */
export function CompactDivider({ compacted }: { compacted: NonNullable<AssistantMessage['compacted']> }) {
  const { trigger, preTokens, postTokens } = compacted;
  const how = trigger === 'auto' ? 'Conversation compacted automatically' : 'Conversation compacted';
  const figures =
    preTokens !== undefined && postTokens !== undefined
      ? ` · ${formatTokens(preTokens)} → ${formatTokens(postTokens)} tokens`
      : '';
  return (
    <div
      className="session-divider compact-divider"
      role="separator"
      aria-label={`${how}${figures}`}
      title="Claude sees a summary of the messages above, not the messages themselves"
      data-testid="compact-divider"
    >
      <span>
        {how}
        {figures}
      </span>
    </div>
  );
}
