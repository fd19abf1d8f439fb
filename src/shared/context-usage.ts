/**
 * What fills the context window, by category, as Claude Code estimates it: the answer to the control request
 * `get_context_usage` (recorded cases 37, 39: `{categories:[{id, name, tokens, color, kind}], totalTokens, maxTokens}`)
 * and the `context_usage` field of the `/context` command's reply (case 39: `{categories:[{name, tokens, kind}],
 * total_tokens, raw_max_tokens}`). Both are read into one plain shape.
 */
export interface ContextCategory {
  name: string;
  tokens: number;
  /** `used` (system prompt, tools, messages…), `buffer` (kept free for autocompact) or `free`. */
  kind: 'used' | 'buffer' | 'free';
}

export interface ContextUsage {
  categories: ContextCategory[];
  /** What the used categories add up to. */
  totalTokens: number;
  maxTokens?: number;
  /**
   * The CLAUDE.md files the session loaded, in load order (`memoryFiles` of get_context_usage, recorded case 53f:
   * `{path, type: "User" | "Project" | "Local", tokens}`); a subfolder's, loaded later, is not among them.
   */
  memoryFiles?: { path: string; type: string }[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function parseContextUsage(raw: unknown): ContextUsage | undefined {
  if (!isRecord(raw) || !Array.isArray(raw.categories)) return undefined;
  const categories: ContextCategory[] = [];
  for (const c of raw.categories) {
    if (!isRecord(c) || typeof c.name !== 'string') continue;
    // Tools deferred behind ToolSearch (case 37b: "System tools (deferred)", kind `deferred`) take no room until
    // loaded: counted as used, they showed 12k tokens the window does not hold.
    if (c.kind === 'deferred' || c.isDeferred === true) continue;
    const tokens = num(c.tokens);
    if (tokens === undefined) continue;
    const kind = c.kind === 'free' || c.kind === 'buffer' ? c.kind : 'used';
    categories.push({ name: c.name, tokens, kind });
  }
  const used = categories.filter((c) => c.kind === 'used').reduce((sum, c) => sum + c.tokens, 0);
  const totalTokens = num(raw.totalTokens) ?? num(raw.total_tokens) ?? used;
  const maxTokens = num(raw.maxTokens) ?? num(raw.raw_max_tokens) ?? num(raw.rawMaxTokens);
  if (!categories.length) return undefined;
  const memoryFiles = Array.isArray(raw.memoryFiles)
    ? raw.memoryFiles.flatMap((m) =>
        isRecord(m) && typeof m.path === 'string'
          ? [{ path: m.path, type: typeof m.type === 'string' ? m.type : '' }]
          : [],
      )
    : undefined;
  return { categories, totalTokens, ...(maxTokens ? { maxTokens } : {}), ...(memoryFiles ? { memoryFiles } : {}) };
}
