import { BigText } from '../claude-code-wire/big-text';
import { isObject, str, textOf } from '../claude-code-wire/cli-json';
import type { BigStringOptions } from '../claude-code-wire/long-json-line';

/** Tool results longer than this are stored once beside the thread; events carry the first TOOL_RESULT_HEAD_CHARS. */
export const BIG_TOOL_RESULT_CHARS = 256 * 1024;
export const TOOL_RESULT_HEAD_CHARS = 16 * 1024;

/**
 * Which big strings of a CLI line stay BigText (see JsonlReader's bigStrings): a tool result's text, as a string or
 * as the text of its blocks (an MCP tool's), and the line's structured copy of it (`tool_use_result`: a Read puts
 * the whole file there again, which the mapper never uses). Sub-agent lines and everything else get plain strings.
 */
export const CLI_BIG_STRINGS: BigStringOptions = {
  minChars: BIG_TOOL_RESULT_CHARS,
  keep: (path, root) => {
    if (!isObject(root) || root.type !== 'user' || str(root.parent_tool_use_id)) return false;
    if (path[0] === 'tool_use_result') return true;
    const inResult = path[0] === 'message' && path[1] === 'content' && typeof path[2] === 'number';
    return inResult && path[3] === 'content' && (path.length === 4 || (path.length === 6 && path[5] === 'text'));
  },
};

/** A tool result's content as one BigText: the string itself, or the only text block's text. */
export function bigTextOf(content: unknown): BigText | undefined {
  if (content instanceof BigText) return content;
  if (!Array.isArray(content) || content.length !== 1) return undefined;
  const block: unknown = content[0];
  return isObject(block) && block.type === 'text' && block.text instanceof BigText ? block.text : undefined;
}

/** textOf, with any BigText made a string (several blocks, one of them big: rare enough to pay for a copy). */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return textOf(content);
  return textOf(content.map((b) => (isObject(b) && b.text instanceof BigText ? { ...b, text: b.text.toString() } : b)));
}
