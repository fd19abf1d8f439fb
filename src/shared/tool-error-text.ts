/**
 * Claude Code wraps the sentence of a refused or failed tool call in `<tool_use_error>…</tool_use_error>` (cases 47,
 * 56: its `tool_use_result` is the same sentence without the tags). What a person reads is the sentence: the tags go,
 * here and in a search snippet that cut one in half.
 */
const WHOLE = /<\/?tool_use_error>/g;
/** A tag cut by a snippet's edge: "_use_error>" at the start, "</tool_us" at the end. */
const CUT_START = /^[a-z_]*_error>/;
const CUT_END = /<\/?[a-z_]*$/;

export function toolErrorText(text: string): string {
  return text.includes('tool_use_error') ? text.replace(WHOLE, '') : text;
}

/** For a snippet: whole tags and tags cut at either edge. */
export function snippetToolErrorText(text: string): string {
  if (!text.includes('_error>') && !text.includes('<')) return text;
  return text.replace(WHOLE, '').replace(CUT_START, '').replace(CUT_END, '');
}
