/**
 * How full a thread's context window is, from what its turns reported: the latest verdict's `context` (the last API
 * call's tokens, or the summary's after `/compact`, recorded case 37) against the window from `modelUsage`.
 */
import type { ContextUsage } from './context-usage';
import type { ChatMessage } from './threads';

export interface ContextFill {
  tokens: number;
  /** The window's size; unknown until a result reported `modelUsage[model].contextWindow`. */
  window?: number;
  /** 0–1, when the window is known. */
  fraction?: number;
}

/** Past this share of the window the header suggests compacting. */
export const COMPACT_SUGGESTED_AT = 0.8;

/** Nothing before the last `/clear` counts: a fresh session starts with an empty window. */
export function contextFill(messages: readonly ChatMessage[]): ContextFill | undefined {
  return contextFillAt(messages.length, (i) => messages[i]);
}

/**
 * The same, reading message `i` through `at`: the renderer walks its store's ids without building an array, so a
 * selector can return plain numbers and the header re-renders only when they change.
 */
export function contextFillAt(count: number, at: (i: number) => ChatMessage | undefined): ContextFill | undefined {
  let tokens: number | undefined;
  let window: number | undefined;
  for (let i = count - 1; i >= 0 && window === undefined; i--) {
    const m = at(i);
    if (m?.role === 'user' && m.marker === 'clear') break;
    if (m?.role !== 'assistant' || !m.verdict?.context) continue;
    tokens ??= m.verdict.context.tokens;
    // An older turn's window still applies when the latest result named none.
    window = m.verdict.context.window;
  }
  if (tokens === undefined) return undefined;
  return window ? { tokens, window, fraction: Math.min(1, tokens / window) } : { tokens };
}

/**
 * The latest breakdown of the window by category (get_context_usage after each turn, or `/context`; recorded cases
 * 37, 39), since the last `/clear`. The object comes from its message unchanged, so a selector can return it as is.
 */
export function contextUsageAt(count: number, at: (i: number) => ChatMessage | undefined): ContextUsage | undefined {
  for (let i = count - 1; i >= 0; i--) {
    const m = at(i);
    if (m?.role === 'user' && m.marker === 'clear') return undefined;
    if (m?.role === 'assistant' && m.contextUsage) return m.contextUsage;
  }
  return undefined;
}
