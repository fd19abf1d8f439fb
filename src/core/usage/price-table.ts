/**
 * Claude Desk's own price table, shipped with the app and read offline: USD per million tokens, per model and token
 * kind, from Anthropic's published API prices as of PRICE_TABLE_DATE. Cache writes are priced apart (5-minute
 * writes at 1.25× input, one-hour writes at 2×) and cache reads at 0.1× input. A model not listed here has no
 * price: its tokens are counted and its cost is unknown, never $0.
 *
 * ccusage prices from its own (LiteLLM-derived) table: for the models below its offline figures are the same, except
 * past 200k tokens (it prices only each kind's tokens past 200k at the long-context rate; Anthropic prices the whole
 * request at it once its prompt passes 200k, as here), for fast mode (`-fast`: unknown here, no published table
 * rate) and for models it knows that this table does not.
 */
import { R, type UsageRecord } from './usage-line';

export const PRICE_TABLE_DATE = '2026-12-01';

interface Price {
  input: number;
  output: number;
  /** Above 200k input tokens in one request (the long-context price), where the model has one. */
  long?: { input: number; output: number };
}

/** Longest prefix wins: `claude-sonnet-4-5-20250929` is `claude-sonnet-4-5`. */
const PRICES: Record<string, Price> = {
  'claude-opus-4-5': { input: 5, output: 25 },
  'claude-opus-4-1': { input: 15, output: 75 },
  'claude-opus-4': { input: 15, output: 75 },
  'claude-sonnet-4-5': { input: 3, output: 15, long: { input: 6, output: 22.5 } },
  'claude-sonnet-4': { input: 3, output: 15, long: { input: 6, output: 22.5 } },
  'claude-3-7-sonnet': { input: 3, output: 15 },
  'claude-3-5-sonnet': { input: 3, output: 15 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'claude-3-5-haiku': { input: 0.8, output: 4 },
  'claude-3-opus': { input: 15, output: 75 },
  'claude-3-haiku': { input: 0.25, output: 1.25 },
};
const KEYS = Object.keys(PRICES).sort((a, b) => b.length - a.length);
const LONG_CONTEXT = 200_000;
const M = 1_000_000;

const known = new Map<string, Price | undefined>();

/** Memoized: a ledger holds few model names and many messages. */
function priceOf(model: string): Price | undefined {
  if (known.has(model)) return known.get(model);
  const price = lookUp(model);
  known.set(model, price);
  return price;
}

function lookUp(model: string): Price | undefined {
  const name = model.replace(/^anthropic[./]/, '');
  if (name.endsWith('-fast')) return undefined;
  const key = KEYS.find((k) => name === k || name.startsWith(`${k}-`) || name.startsWith(`${k}@`));
  return key ? PRICES[key] : undefined;
}

export function isPriced(model: string): boolean {
  return priceOf(model) !== undefined;
}

/**
 * A message's cost and where it came from: the CLI's own figure when the line has one, else the table's estimate,
 * else unknown (no model, or one the table does not know).
 */
export function costOf(r: UsageRecord): { usd: number; source: 'cli' | 'table' } | undefined {
  const recorded = r[R.costUsd];
  if (recorded !== null) return { usd: recorded, source: 'cli' };
  const model = r[R.model];
  const price = model ? priceOf(model) : undefined;
  if (!price) return undefined;
  const promptTokens = r[R.input] + r[R.cacheWrite] + r[R.cacheRead];
  const p = price.long && promptTokens > LONG_CONTEXT ? { ...price, ...price.long } : price;
  const write5m = r[R.cacheWrite] - r[R.cacheWrite1h];
  const usd =
    (r[R.input] * p.input +
      r[R.output] * p.output +
      write5m * p.input * 1.25 +
      r[R.cacheWrite1h] * p.input * 2 +
      r[R.cacheRead] * p.input * 0.1) /
    M;
  return { usd, source: 'table' };
}
