/** AskUserQuestion's input (recorded case 36), read defensively: the model writes it. */
export interface Question {
  question: string;
  header?: string;
  multiSelect: boolean;
  options: { label: string; description?: string }[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

export function questionsOf(input: unknown): Question[] {
  const raw = (input as { questions?: unknown } | null)?.questions;
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, 4).flatMap((q: Record<string, unknown>) => {
    const question = str(q?.question);
    const options = Array.isArray(q?.options)
      ? (q.options as Record<string, unknown>[]).flatMap((o) => {
          const label = str(o?.label);
          return label ? [{ label, description: str(o.description) }] : [];
        })
      : [];
    return question && options.length
      ? [{ question, header: str(q.header), multiSelect: q.multiSelect === true, options }]
      : [];
  });
}

/** The answers as the CLI reported them to the model (`"Q"="A", …`, case 36), for the finished card. */
export function answersFromResult(result: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!result) return out;
  for (const m of result.matchAll(/"((?:[^"\\]|\\.)*)"="((?:[^"\\]|\\.)*)"/g)) out[m[1]!] = m[2]!;
  return out;
}
