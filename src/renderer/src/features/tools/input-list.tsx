import { useState } from 'react';

/** Past this, a text shows its start and a "Show all" (a tool's `body` or `prompt` can be pages long). */
const FOLD_CHARS = 400;
const FOLD_LINES = 8;

/** `max_results` → "max results": the tool's own key, read as words. */
const keyWords = (key: string): string => key.replace(/_/g, ' ');

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPlain = (v: unknown): v is string | number | boolean | null | undefined =>
  v === null || v === undefined || ['string', 'number', 'boolean', 'bigint'].includes(typeof v);

/** A plain value in words: yes/no for booleans, "none" for nothing. */
function plainText(v: string | number | boolean | null | undefined | bigint): string {
  if (v === null || v === undefined || v === '') return 'none';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

function FoldedText({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  const lines = text.split('\n');
  const long = text.length > FOLD_CHARS || lines.length > FOLD_LINES;
  if (!long || all) return <>{text}</>;
  const start = lines.slice(0, FOLD_LINES).join('\n').slice(0, FOLD_CHARS);
  return (
    <>
      {start.trimEnd()}…{' '}
      <button type="button" className="btn btn-ghost btn-small tool-arg-more" onClick={() => setAll(true)}>
        Show all {lines.length > 1 ? `${lines.length} lines` : `${text.length} characters`}
      </button>
    </>
  );
}

function Value({ value }: { value: unknown }) {
  if (isPlain(value)) return typeof value === 'string' ? <FoldedText text={value} /> : <>{plainText(value)}</>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <>none</>;
    // A list of words reads as one line; a list of objects as numbered entries, each a list of its own.
    if (value.every((v) => isPlain(v) && String(v ?? '').length <= 80 && !String(v ?? '').includes('\n')))
      return <>{value.map((v) => plainText(v as string)).join(', ')}</>;
    return <InputList entries={value.map((v, i) => [String(i + 1), v] as [string, unknown])} nested />;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    return entries.length ? <InputList entries={entries} nested /> : <>none</>;
  }
  return <>{plainText(String(value))}</>;
}

/**
 * A tool's input as a person reads it: each key with its value, nested values indented under their key, long
 * texts folded — never the JSON the model wrote (no braces, no quotes).
 */
export function InputList({
  entries,
  nested = false,
  testId,
}: {
  entries: [string, unknown][];
  nested?: boolean;
  testId?: string;
}) {
  return (
    <dl
      className={`tool-args ${nested ? 'tool-args-nested' : ''}`}
      data-testid={testId ?? (nested ? undefined : 'tool-args')}
    >
      {entries.map(([k, v]) => (
        <div key={k} className={`tool-arg ${isPlain(v) || Array.isArray(v) ? '' : 'tool-arg-block'}`}>
          <dt>{keyWords(k)}</dt>
          <dd>
            <Value value={v} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** An input object as an InputList (a non-object input, rare, as its text). */
export function ToolInput({ input, testId }: { input: unknown; testId?: string }) {
  if (isRecord(input))
    return Object.keys(input).length ? <InputList entries={Object.entries(input)} testId={testId} /> : null;
  if (input === undefined || input === null) return null;
  return <InputList entries={[['input', input]]} testId={testId} />;
}
