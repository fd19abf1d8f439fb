import { splitAttachedTexts } from '../../../../shared/attached-text';
import type { ChatMessage } from '../../../../shared/threads';
import { isFinalStatus } from '../../../../shared/turn-reducer';
import { prepareMarkdown } from '../../ui/markdown';

/** About the rows a window shows at once, and the list's overscan above them (message-list.tsx). */
const IN_VIEW = 8;
const OVERSCAN = 6;

/** The texts a message's row renders as markdown, but the one still streaming (user-message, assistant-message). */
function finishedTexts(message: ChatMessage): string[] {
  if (message.role === 'user')
    return splitAttachedTexts(message.text).flatMap((s) => (s.kind === 'text' ? [s.text] : []));
  const streaming = isFinalStatus(message.status) ? -1 : message.parts.length - 1;
  return message.parts.flatMap((p, i) => (p.kind === 'text' && i !== streaming ? [p.text] : []));
}

/**
 * Before a thread that is opening shows its messages: parse the markdown of the rows it opens on (at its end, or
 * from the reading place it resumes at) in slices, so its first render takes them from the cache instead of parsing
 * a screenful in one task. The thread shows "Loading…" meanwhile, as it does while it is fetched.
 */
export function prepareOpeningRows(messages: readonly ChatMessage[], anchorId: string | null): Promise<void> {
  const at = anchorId ? messages.findIndex((m) => m.id === anchorId) : -1;
  const rows =
    at >= 0 ? messages.slice(Math.max(0, at - OVERSCAN), at + IN_VIEW) : messages.slice(-(IN_VIEW + OVERSCAN));
  return prepareMarkdown(rows.flatMap(finishedTexts));
}
