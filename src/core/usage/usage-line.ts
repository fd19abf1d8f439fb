/**
 * One API message's usage, read from a transcript line with the same rules as ccusage (so both count the same
 * tokens): a line counts when it holds `"usage":{`, parses, has `message.usage` with whole input and output
 * counts and a parseable `timestamp`, and none of the fields ccusage rejects (a `null` id, model, version, …; an
 * empty session, request or message id; a version that is not `x.y.z…`). Cache writes are the per-lifetime split
 * when the line has one (`cache_creation.ephemeral_5m/1h_input_tokens`), else `cache_creation_input_tokens`.
 *
 * The real CLI (2.1.328, test/fixtures/usage-sessions.ts) writes one `assistant` line per content block, each with
 * the message's `message.id`, `requestId` and usage: the same message on several lines, deduplicated later.
 */

/** A message's usage as kept in the ledger: a tuple, to keep the ledger small. */
export type UsageRecord = [
  at: number,
  messageId: string | null,
  requestId: string | null,
  model: string | null,
  input: number,
  output: number,
  cacheWrite: number,
  cacheRead: number,
  /** Of cacheWrite, the one-hour cache's (priced higher). */
  cacheWrite1h: number,
  /** The CLI's own figure (`costUSD`, written by older CLIs), or null. */
  costUsd: number | null,
  sidechain: 0 | 1,
];

export const R = {
  at: 0,
  messageId: 1,
  requestId: 2,
  model: 3,
  input: 4,
  output: 5,
  cacheWrite: 6,
  cacheRead: 7,
  cacheWrite1h: 8,
  costUsd: 9,
  sidechain: 10,
} as const;

const USAGE_MARK = Buffer.from('"usage":{');
/** Fields ccusage refuses to read as `null` (its schema has them optional, never nullable). */
const NOT_NULLABLE = new Set([
  'id',
  'cwd',
  'model',
  'speed',
  'costUSD',
  'version',
  'sessionId',
  'requestId',
  'isApiErrorMessage',
  'cache_read_input_tokens',
  'cache_creation_input_tokens',
]);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const optWhole = (v: unknown): number | undefined | false => (v === undefined ? undefined : whole(v) ? v : false);
const optString = (v: unknown): string | undefined | false =>
  v === undefined ? undefined : typeof v === 'string' ? v : false;
const SEMVER_PREFIX = /^\d+\.\d+\.\d/;
// RFC 3339, as ccusage's parser takes it.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function hasRejectedNull(line: string): boolean {
  for (let at = line.indexOf(':null'); at !== -1; at = line.indexOf(':null', at + 5)) {
    const close = line.lastIndexOf('"', at);
    const open = close > 0 ? line.lastIndexOf('"', close - 1) : -1;
    if (open >= 0 && NOT_NULLABLE.has(line.slice(open + 1, close))) return true;
  }
  return false;
}

/** The usage a line records, or undefined when it records none (or one ccusage would not read). */
export function parseUsageLine(line: string): UsageRecord | undefined {
  if (hasRejectedNull(line)) return undefined;
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    return undefined; // a torn or truncated line
  }
  if (!isObj(o) || !isObj(o.message) || !isObj(o.message.usage)) return undefined;
  const message = o.message;
  const usage = message.usage as Record<string, unknown>;
  if (typeof o.timestamp !== 'string' || !TIMESTAMP.test(o.timestamp)) return undefined;
  const at = Date.parse(o.timestamp);
  if (Number.isNaN(at)) return undefined;
  const version = optString(o.version);
  const sessionId = optString(o.sessionId);
  const requestId = optString(o.requestId);
  const messageId = optString(message.id);
  const model = optString(message.model);
  if (version === false || (version !== undefined && !SEMVER_PREFIX.test(version))) return undefined;
  if (sessionId === false || sessionId === '' || requestId === false || requestId === '') return undefined;
  if (messageId === false || messageId === '' || model === false || model === '') return undefined;
  if (!whole(usage.input_tokens) || !whole(usage.output_tokens)) return undefined;
  const cacheRead = optWhole(usage.cache_read_input_tokens);
  const cacheTotal = optWhole(usage.cache_creation_input_tokens);
  if (cacheRead === false || cacheTotal === false) return undefined;
  if (usage.speed !== undefined && usage.speed !== 'standard' && usage.speed !== 'fast') return undefined;
  let cacheWrite = cacheTotal ?? 0;
  let cacheWrite1h = 0;
  if (usage.cache_creation !== undefined && usage.cache_creation !== null) {
    if (!isObj(usage.cache_creation)) return undefined;
    const m5 = optWhole(usage.cache_creation.ephemeral_5m_input_tokens);
    const h1 = optWhole(usage.cache_creation.ephemeral_1h_input_tokens);
    if (m5 === false || h1 === false) return undefined;
    cacheWrite = (m5 ?? 0) + (h1 ?? 0);
    cacheWrite1h = h1 ?? 0;
  }
  const cost = o.costUSD;
  if (cost !== undefined && (typeof cost !== 'number' || !Number.isFinite(cost))) return undefined;
  if (o.isSidechain !== undefined && typeof o.isSidechain !== 'boolean') return undefined;
  // `<synthetic>` is the CLI's own error reply, not a model; a fast-mode answer is priced as its own model.
  const named = model && model !== '<synthetic>' ? (usage.speed === 'fast' ? `${model}-fast` : model) : null;
  return [
    at,
    messageId ?? null,
    requestId ?? null,
    named,
    usage.input_tokens,
    usage.output_tokens,
    cacheWrite,
    cacheRead ?? 0,
    cacheWrite1h,
    typeof cost === 'number' ? cost : null,
    o.isSidechain === true ? 1 : 0,
  ];
}

/**
 * Every usage record in a batch of whole lines (bytes). Only the lines holding `"usage":{` are decoded and parsed:
 * the search jumps from one such line to the next, so the bulk of a transcript is never turned into a string.
 */
export function usageRecordsOf(bytes: Buffer): UsageRecord[] {
  const out: UsageRecord[] = [];
  for (let mark = bytes.indexOf(USAGE_MARK); mark !== -1;) {
    const start = bytes.lastIndexOf(0x0a, mark) + 1;
    let end = bytes.indexOf(0x0a, mark);
    if (end === -1) end = bytes.length;
    const record = parseUsageLine(bytes.toString('utf8', start, end));
    if (record) out.push(record);
    mark = bytes.indexOf(USAGE_MARK, end);
  }
  return out;
}
