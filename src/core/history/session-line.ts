/**
 * One line of a CLI session transcript, parsed only as far as the History needs. Shapes are the ones the
 * real CLI 2.1.328 writes (test/fixtures/recorded/sessions/README.md); anything else is `other` and ignored,
 * so a newer CLI's new line types never break the index.
 */

/** What a typed prompt, a reply block or a title line contributes. */
export type SessionLine =
  | { kind: 'prompt'; uuid: string; at: number; cwd?: string; text: string }
  | { kind: 'tool-results'; at: number; cwd?: string; results: ToolResult[] }
  | { kind: 'assistant'; uuid: string; at: number; messageId: string; model?: string; blocks: AssistantBlock[] }
  | { kind: 'local-command'; uuid: string; at: number; text: string }
  | { kind: 'title'; source: 'custom' | 'ai' | 'summary'; title: string }
  | { kind: 'cost'; costUsd: number }
  | { kind: 'other'; at?: number; cwd?: string };

export interface ToolResult {
  toolUseId: string;
  content: string;
  isError: boolean;
}

export type AssistantBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown };

// Bookkeeping lines that start with their type: by far the most bytes of a transcript are these and the
// `attachment` lines (system-prompt snapshots, request shapes), so they are recognised without JSON.parse.
const SKIP_PREFIXES = [
  '{"type":"api-request',
  '{"type":"queue-operation"',
  '{"type":"atis-latch"',
  '{"type":"tools-used"',
  '{"type":"mode"',
  '{"type":"last-prompt"',
  '{"type":"file-history-snapshot"',
];

/**
 * True for a line the History does not need, judged from its first bytes (`head`, latin1: the keys are
 * ASCII). The index (`index`) also skips tool results, which only a transcript shows.
 */
export function isSkippableLine(head: string, purpose: 'index' | 'read' = 'read'): boolean {
  if (head.charCodeAt(0) !== 123 /* { */) return true;
  if (head.startsWith('{"type":"')) {
    for (const p of SKIP_PREFIXES) if (head.startsWith(p)) return true;
    return false;
  }
  // `attachment` lines: {"parentUuid":…,"isSidechain":false,"attachment":{…},"type":"attachment",…}
  const near = head.length > 160 ? head.slice(0, 160) : head;
  if (near.includes('"attachment":{')) return true;
  // Tool results: …"type":"user","message":{"role":"user","content":[{"tool_use_id":… (recorded).
  return purpose === 'index' && head.includes('"content":[{"tool_use_id"');
}

/** Parse one line; undefined when it is not JSON (a torn line) or not an object. */
export function parseSessionLine(line: string): SessionLine | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  return classify(raw as Record<string, unknown>);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function timeOf(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}

export function classify(o: Record<string, unknown>): SessionLine {
  const type = o.type;
  const at = timeOf(o.timestamp);
  const cwd = str(o.cwd);
  switch (type) {
    case 'custom-title': {
      const title = str(o.customTitle)?.trim();
      return title ? { kind: 'title', source: 'custom', title } : { kind: 'other' };
    }
    case 'ai-title': {
      const title = str(o.aiTitle)?.trim();
      return title ? { kind: 'title', source: 'ai', title } : { kind: 'other' };
    }
    case 'summary': {
      const title = str(o.summary)?.trim();
      return title ? { kind: 'title', source: 'summary', title } : { kind: 'other' };
    }
    case 'cost-state':
      return typeof o.totalCostUSD === 'number' ? { kind: 'cost', costUsd: o.totalCostUSD } : { kind: 'other' };
    case 'user':
      return o.isSidechain === true ? { kind: 'other', at } : userLine(o, at ?? 0, cwd);
    case 'assistant':
      return o.isSidechain === true ? { kind: 'other', at } : assistantLine(o, at ?? 0);
    case 'system':
      if (o.subtype === 'local_command' && typeof o.content === 'string') {
        return { kind: 'local-command', uuid: str(o.uuid) ?? '', at: at ?? 0, text: stripTags(o.content) };
      }
      return { kind: 'other', at, cwd };
    default:
      return { kind: 'other', at, cwd };
  }
}

function userLine(o: Record<string, unknown>, at: number, cwd: string | undefined): SessionLine {
  const message = o.message as { content?: unknown } | undefined;
  const content = message?.content;
  // isMeta lines are the CLI talking to the model (caveats, reminders), not the person.
  if (o.isMeta === true) return { kind: 'other', at, cwd };
  const uuid = str(o.uuid) ?? '';
  if (typeof content === 'string') return promptOrOther(uuid, at, cwd, content);
  if (!Array.isArray(content)) return { kind: 'other', at, cwd };
  const results: ToolResult[] = [];
  const texts: string[] = [];
  for (const block of content as Record<string, unknown>[]) {
    if (!block || typeof block !== 'object') continue;
    if (block.type === 'tool_result') {
      results.push({
        toolUseId: str(block.tool_use_id) ?? '',
        content: toolResultText(block.content),
        isError: block.is_error === true,
      });
    } else if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
  }
  if (results.length) return { kind: 'tool-results', at, cwd, results };
  return texts.length ? promptOrOther(uuid, at, cwd, texts.join('\n')) : { kind: 'other', at, cwd };
}

function promptOrOther(uuid: string, at: number, cwd: string | undefined, text: string): SessionLine {
  const command = /<command-name>([^<]*)<\/command-name>/.exec(text);
  if (command) {
    const args = /<command-args>([^<]*)<\/command-args>/.exec(text)?.[1]?.trim();
    return { kind: 'prompt', uuid, at, cwd, text: `${command[1]?.trim() ?? ''}${args ? ` ${args}` : ''}` };
  }
  // Command output echoed as a user line ("<local-command-stdout>…") and interrupt markers are not prompts.
  if (text.startsWith('<local-command-') || text.startsWith('[Request interrupted')) return { kind: 'other', at, cwd };
  return { kind: 'prompt', uuid, at, cwd, text };
}

function assistantLine(o: Record<string, unknown>, at: number): SessionLine {
  const message = (o.message ?? {}) as { id?: unknown; model?: unknown; content?: unknown };
  const blocks: AssistantBlock[] = [];
  for (const b of Array.isArray(message.content) ? (message.content as Record<string, unknown>[]) : []) {
    if (!b || typeof b !== 'object') continue;
    if (b.type === 'text' && typeof b.text === 'string') blocks.push({ type: 'text', text: b.text });
    else if (b.type === 'thinking' && typeof b.thinking === 'string')
      blocks.push({ type: 'thinking', text: b.thinking });
    else if (b.type === 'tool_use') {
      blocks.push({ type: 'tool_use', id: str(b.id) ?? '', name: str(b.name) ?? 'tool', input: b.input ?? {} });
    }
  }
  const model = str(message.model);
  return {
    kind: 'assistant',
    uuid: str(o.uuid) ?? '',
    at,
    messageId: str(message.id) ?? str(o.uuid) ?? '',
    // `<synthetic>` is the CLI's own error reply (recorded case 04), not a model the user chose.
    model: model && model !== '<synthetic>' ? model : undefined,
    blocks,
  };
}

/** A tool result's content is a string or an array of text (and image) blocks. */
export function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as { type?: unknown; text?: unknown }[])
    .map((c) =>
      c && c.type === 'text' && typeof c.text === 'string' ? c.text : c && c.type === 'image' ? '[image]' : '',
    )
    .filter(Boolean)
    .join('\n');
}

function stripTags(text: string): string {
  return text.replace(/<\/?local-command-[a-z]+>/g, '').trim();
}
