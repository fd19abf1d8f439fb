/**
 * The summary of one session, folded line by line so that a file that grew is read only from where the
 * last read stopped: the fold state is plain JSON and is persisted with the index.
 */
import { autoTitle } from '../../shared/thread-title';
import type { SessionLine } from './session-line';

export interface FoldState {
  project?: string;
  customTitle?: string;
  aiTitle?: string;
  summaryTitle?: string;
  firstPrompt?: string;
  firstAt: number;
  lastAt: number;
  /** Typed prompts plus assistant turns. */
  messages: number;
  /** Inside an assistant turn (a later assistant line belongs to the same turn). */
  inTurn: boolean;
  model?: string;
  costUsd?: number;
}

export function emptyFold(): FoldState {
  return { firstAt: 0, lastAt: 0, messages: 0, inTurn: false };
}

/** Separates messages in a session's search text (never typed by a person). */
export const TEXT_SEPARATOR = '\u001e';

/**
 * Apply one line. Returns the text it adds to the session's search text (what a person reads: prompts and
 * reply text; tool payloads and thinking are left out, as in thread search), or '' for none.
 */
export function foldLine(s: FoldState, line: SessionLine): string {
  if ('at' in line && line.at) {
    if (!s.firstAt || line.at < s.firstAt) s.firstAt = line.at;
    if (line.at > s.lastAt) s.lastAt = line.at;
  }
  if ('cwd' in line && line.cwd) s.project = line.cwd;
  switch (line.kind) {
    case 'prompt':
      s.messages++;
      s.inTurn = false;
      // The CLI's compaction preamble is no title: the first message the person typed is.
      if (!isCompactionPreamble(line.text)) s.firstPrompt ??= line.text.slice(0, 500);
      return `${line.text}${TEXT_SEPARATOR}`;
    case 'assistant': {
      if (!s.inTurn) {
        s.messages++;
        s.inTurn = true;
      }
      if (line.model) s.model = line.model;
      let text = '';
      for (const b of line.blocks) if (b.type === 'text' && b.text) text += `${b.text}${TEXT_SEPARATOR}`;
      return text;
    }
    case 'title':
      if (line.source === 'custom') s.customTitle = line.title;
      else if (line.source === 'ai') s.aiTitle = line.title;
      else s.summaryTitle = line.title;
      return '';
    case 'cost':
      s.costUsd = line.costUsd; // cumulative for the session: the last one wins
      return '';
    default:
      return '';
  }
}

/**
 * The user line Claude Code writes at the start of a session continued after its context was summarised (recorded
 * case 31-compact's summary line; sessions of older CLIs begin with it): the summary, not something typed.
 */
export function isCompactionPreamble(text: string): boolean {
  return text.trimStart().startsWith('This session is being continued from a previous conversation');
}

export const UNTITLED_SESSION = 'Untitled session';

/** The user's /rename wins, then the CLI's generated title, its legacy summary, and the first prompt. */
export function titleOf(s: FoldState): { title: string; source: 'custom' | 'ai' | 'summary' | 'prompt' | 'none' } {
  if (s.customTitle) return { title: s.customTitle, source: 'custom' };
  if (s.aiTitle) return { title: s.aiTitle, source: 'ai' };
  if (s.summaryTitle) return { title: s.summaryTitle, source: 'summary' };
  // A fold indexed before the preamble was recognised may still hold it: better untitled than the preamble.
  const fromPrompt = s.firstPrompt && !isCompactionPreamble(s.firstPrompt) ? autoTitle(s.firstPrompt, 80) : undefined;
  if (fromPrompt) return { title: fromPrompt, source: 'prompt' };
  return { title: UNTITLED_SESSION, source: 'none' };
}
