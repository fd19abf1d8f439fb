import type { BigText } from '../claude-code-wire/big-text';
import { type Json, isObject, str } from '../claude-code-wire/cli-json';
import { TOOL_RESULT_HEAD_CHARS, bigTextOf, resultText } from './big-tool-result';
import type { EventBody } from './event-body';
import { toolResultDetail } from './tool-result-detail';

/**
 * The tool results of a `user` line. Replays (set_model's local-command line, case 27) and plain-text user lines
 * are not tool results: nothing. A result too big to copy (a BigText from a long line) carries its head and
 * `fullChars`, and comes back in `bigResults` for the engine to keep on disk.
 */
export function toolResultLines(raw: Json): {
  bodies: EventBody[];
  bigResults: { toolUseId: string; text: BigText }[];
} {
  const bodies: EventBody[] = [];
  const bigResults: { toolUseId: string; text: BigText }[] = [];
  const message = raw.message;
  if (raw.isReplay === true || !isObject(message) || !Array.isArray(message.content)) return { bodies, bigResults };
  const results = message.content.filter((b) => isObject(b) && b.type === 'tool_result') as Json[];
  for (const block of results) {
    const toolUseId = str(block.tool_use_id);
    if (!toolUseId) continue;
    const big = bigTextOf(block.content);
    if (big) bigResults.push({ toolUseId, text: big });
    // tool_use_result belongs to the line's one result (the CLI prints one line per result, case 33). A big
    // result's copy there is as big: its card shows the head, not a diff or a file view.
    const detail = !big && results.length === 1 ? toolResultDetail(raw.tool_use_result) : undefined;
    bodies.push({
      type: 'tool_result',
      toolUseId,
      content: big ? big.head(TOOL_RESULT_HEAD_CHARS) : resultText(block.content),
      ...(big ? { fullChars: big.length } : {}),
      isError: block.is_error === true,
      ...(detail ? { detail } : {}),
    });
  }
  return { bodies, bigResults };
}
