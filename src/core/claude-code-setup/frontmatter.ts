/**
 * The small YAML frontmatter Claude Code's agent, skill and output-style files use: `key: value` lines between
 * `---` fences (a value may be quoted, `tools` may be a `- item` list). Anything else is kept as text, not parsed.
 */
export interface Frontmatter {
  fields: Record<string, string | string[]>;
  body: string;
}

const unquote = (v: string) => {
  const t = v.trim();
  if ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'"))) return t.slice(1, -1);
  return t;
};

export function parseFrontmatter(text: string): Frontmatter | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) return undefined;
  const fields: Record<string, string | string[]> = {};
  let listKey: string | undefined;
  for (const line of m[1]!.split(/\r?\n/)) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && listKey) {
      const prev = fields[listKey];
      fields[listKey] = [...(Array.isArray(prev) ? prev : []), unquote(item[1]!)];
      continue;
    }
    const kv = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!kv) continue;
    listKey = kv[2]!.trim() === '' ? kv[1] : undefined;
    fields[kv[1]!] = listKey ? [] : unquote(kv[2]!);
  }
  return { fields, body: m[2]! };
}

/** A value as YAML writes it safely on one line: quoted (JSON's escapes are YAML's) when it could be misread. */
export function yamlValue(v: string): string {
  return /^[\w .,()/@+-]*$/.test(v) && !/^[-\s]/.test(v) && v.trim() === v ? v : JSON.stringify(v);
}
