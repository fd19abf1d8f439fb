/**
 * Diff rows for the edit cards: from the CLI's own `structuredPatch` once a call finished (real line
 * numbers, recorded case 30), or computed with `diff` from the call's input while it waits or runs. Pure.
 */
import { structuredPatch } from 'diff';
import type { PatchHunk, ToolResultDetail } from '../../../../shared/turn-events';

export type DiffRow =
  | { kind: 'context' | 'add' | 'del'; text: string; oldNo?: number; newNo?: number }
  /** Unchanged lines between two hunks (or before the first), collapsed. */
  | { kind: 'gap'; count?: number };

export interface FileDiff {
  path: string;
  rows: DiffRow[];
  /** Line numbers are the file's own (from the CLI's patch, or a new file). */
  numbered: boolean;
  created: boolean;
  added: number;
  removed: number;
}

/** `diff` marks a missing final newline with a `\ No newline…` line: not part of the file. */
const isContentLine = (l: string) => !l.startsWith('\\');

export function rowsFromHunks(hunks: PatchHunk[], numbered: boolean): DiffRow[] {
  const rows: DiffRow[] = [];
  let prevOldEnd = 1;
  for (const [i, h] of hunks.entries()) {
    const skipped = h.oldStart - prevOldEnd;
    if (numbered ? skipped > 0 : i > 0) rows.push({ kind: 'gap', count: numbered ? skipped : undefined });
    let oldNo = h.oldStart;
    let newNo = h.newStart;
    for (const line of h.lines.filter(isContentLine)) {
      const text = line.slice(1);
      if (line[0] === '-') {
        rows.push({ kind: 'del', text, ...(numbered ? { oldNo } : {}) });
        oldNo++;
      } else if (line[0] === '+') {
        rows.push({ kind: 'add', text, ...(numbered ? { newNo } : {}) });
        newNo++;
      } else {
        rows.push({ kind: 'context', text, ...(numbered ? { oldNo, newNo } : {}) });
        oldNo++;
        newNo++;
      }
    }
    prevOldEnd = h.oldStart + h.oldLines;
  }
  return rows;
}

function count(rows: DiffRow[]): { added: number; removed: number } {
  return {
    added: rows.filter((r) => r.kind === 'add').length,
    removed: rows.filter((r) => r.kind === 'del').length,
  };
}

function addedFile(path: string, content: string, created: boolean): FileDiff {
  const lines = content.endsWith('\n') ? content.slice(0, -1).split('\n') : content.split('\n');
  const rows: DiffRow[] = content === '' ? [] : lines.map((text, i) => ({ kind: 'add' as const, text, newNo: i + 1 }));
  return { path, rows, numbered: true, created, ...count(rows) };
}

function fromStrings(before: string, after: string): PatchHunk[] {
  return structuredPatch('a', 'b', before, after, '', '', { context: 3 }).hunks;
}

/**
 * Two whole versions of a file as a diff with the file's own line numbers (rewind previews a file as it is now
 * against what it goes back to). `before` undefined: the file does not exist on that side.
 */
export function wholeFileDiff(path: string, before: string | undefined, after: string | undefined): FileDiff {
  if (before === undefined) return addedFile(path, after ?? '', true);
  const rows = rowsFromHunks(fromStrings(before, after ?? ''), true);
  return { path, rows, numbered: true, created: false, ...count(rows) };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The tools whose calls are file edits, shown as diffs. */
export const EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

/**
 * The diff of an edit call. `detail` (the finished call's patch) wins: it has the file's real line numbers. Without
 * it, the input says what will change (Edit: old → new string; MultiEdit: each edit; Write: the content, as added;
 * NotebookEdit: the new cell source).
 */
export function editDiff(name: string, input: unknown, detail?: ToolResultDetail): FileDiff | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const rec = input as Record<string, unknown>;
  const path = str(rec.file_path) ?? str(rec.notebook_path) ?? '';
  if (detail?.kind === 'patch') {
    if (detail.created && name === 'Write') return addedFile(path, str(rec.content) ?? '', true);
    if (detail.hunks.length > 0) {
      const rows = rowsFromHunks(detail.hunks, true);
      return { path, rows, numbered: true, created: false, ...count(rows) };
    }
  }
  let hunks: PatchHunk[] | undefined;
  if (name === 'Edit' && str(rec.old_string) !== undefined && str(rec.new_string) !== undefined) {
    hunks = fromStrings(str(rec.old_string)!, str(rec.new_string)!);
  } else if (name === 'MultiEdit' && Array.isArray(rec.edits)) {
    hunks = (rec.edits as Record<string, unknown>[]).flatMap((e) =>
      fromStrings(str(e.old_string) ?? '', str(e.new_string) ?? ''),
    );
  } else if (name === 'Write' && str(rec.content) !== undefined) {
    return addedFile(path, str(rec.content)!, false);
  } else if (name === 'NotebookEdit') {
    if (rec.edit_mode === 'delete')
      return {
        path,
        rows: [{ kind: 'del', text: '(the cell is deleted)' }],
        numbered: false,
        created: false,
        added: 0,
        removed: 1,
      };
    return addedFile(path, str(rec.new_source) ?? '', false);
  }
  if (!hunks) return undefined;
  const rows = rowsFromHunks(hunks, false);
  return { path, rows, numbered: false, created: false, ...count(rows) };
}

export type SplitRow = { left?: DiffRow; right?: DiffRow; gap?: DiffRow };

/** Side by side: context on both sides; a run of removals pairs up with the additions that follow it. */
export function splitRows(rows: DiffRow[]): SplitRow[] {
  const out: SplitRow[] = [];
  for (let i = 0; i < rows.length;) {
    const row = rows[i]!;
    if (row.kind === 'gap') {
      out.push({ gap: row });
      i++;
    } else if (row.kind === 'context') {
      out.push({ left: row, right: row });
      i++;
    } else {
      const dels: DiffRow[] = [];
      const adds: DiffRow[] = [];
      while (rows[i]?.kind === 'del') dels.push(rows[i++]!);
      while (rows[i]?.kind === 'add') adds.push(rows[i++]!);
      for (let k = 0; k < Math.max(dels.length, adds.length); k++) out.push({ left: dels[k], right: adds[k] });
    }
  }
  return out;
}
