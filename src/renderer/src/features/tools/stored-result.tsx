import { useState } from 'react';
import type { AssistantPart, ToolResultPage } from '../../../../shared/threads';
import { errorText } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';
import { formatBytes } from '../../ui/format';
import { TerminalOutput } from './terminal-output';

type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;

/**
 * One page at a time is all the window holds of a big result (cap what the renderer holds).
 * Under TerminalOutput's colouring cap, so a page is always shown whole.
 */
export const STORED_PAGE_BYTES = 128 * 1024;

/**
 * A tool result too big for the thread (stored once beside it; the card got its first 16 KiB): says so,
 * and "Show all" pages the whole output from disk — first, previous, next, last (a build's error is
 * usually at the end).
 */
export function StoredResult({ part }: { part: ToolPart }) {
  const threadId = useDesk((s) => s.activeThreadId);
  const readToolResult = useDesk((s) => s.readToolResult);
  const [page, setPage] = useState<ToolResultPage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const load = async (offset: number): Promise<void> => {
    if (!threadId) return;
    setLoading(true);
    try {
      const next = await readToolResult(threadId, part.toolUseId, Math.max(0, offset), STORED_PAGE_BYTES);
      if (next) {
        setPage(next);
        setProblem(null);
      } else setProblem('The full output is no longer stored: only the part above is left.');
    } catch (err) {
      setProblem(`The full output could not be read: ${errorText(err)}`);
    } finally {
      setLoading(false);
    }
  };
  const chars = part.resultChars ?? 0;
  if (!page) {
    return (
      <div className="stored-result" data-testid="stored-result">
        <p className="stored-result-note">
          The output is {chars.toLocaleString('en-US')} characters; this card shows the first{' '}
          {(part.result ?? '').length.toLocaleString('en-US')}.{' '}
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={loading || !threadId}
            onClick={() => void load(0)}
          >
            {loading ? 'Loading…' : 'Show all'}
          </button>
        </p>
        {problem && (
          <p className="stored-result-problem" role="alert">
            {problem}
          </p>
        )}
      </div>
    );
  }
  const end = page.nextOffset ?? page.total;
  const atStart = page.offset === 0;
  const atEnd = page.nextOffset === null;
  return (
    <div className="stored-result" data-testid="stored-result">
      <div className="stored-result-bar" role="group" aria-label="Full output pages">
        <span className="muted" data-testid="stored-result-range" aria-live="polite">
          {formatBytes(page.offset)}–{formatBytes(end)} of {formatBytes(page.total)}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={loading || atStart}
          onClick={() => void load(0)}
        >
          First
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={loading || atStart}
          onClick={() => void load(page.offset - STORED_PAGE_BYTES)}
        >
          Previous
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={loading || atEnd}
          onClick={() => void load(page.nextOffset ?? page.offset)}
        >
          Next
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={loading || atEnd}
          onClick={() => void load(page.total - STORED_PAGE_BYTES)}
        >
          Last
        </button>
      </div>
      <TerminalOutput text={page.text} error={part.isError} whole />
      {problem && (
        <p className="stored-result-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
