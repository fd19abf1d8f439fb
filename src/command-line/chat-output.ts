import type { TurnEvent } from '../shared/turn-events';
import { showExactly, terminalProse, terminalSafe } from './terminal-text';

export interface TerminalWrite {
  stdout?: string;
  stderr?: string;
}

/**
 * What `claude-desk chat` prints for one turn event: the answer text on stdout, progress on stderr.
 * On a terminal, model text and tool names are escaped (terminal-text.ts) so nothing the model says can move
 * the cursor, clear a line or retitle the window. Through a pipe or into a file (`terminal` false) the answer is
 * its own bytes, unchanged: a script gets exactly what Claude wrote. Progress on stderr is escaped either way;
 * `--json` needs nothing extra (JSON escapes controls).
 */
export function renderTurnEvent(e: TurnEvent, json: boolean, terminal = true): TerminalWrite {
  if (json) return { stdout: `${JSON.stringify(e)}\n` };
  switch (e.type) {
    case 'text_delta':
    case 'text':
      return { stdout: terminal ? terminalProse(e.text) : e.text };
    case 'warning':
      return { stderr: `warning: ${terminalSafe(e.message)}\n` };
    case 'queued':
      return e.elsewhere ? { stderr: `${e.elsewhere}\n` } : {};
    case 'retry':
      return { stderr: `retrying (${e.attempt}/${e.maxRetries})…\n` };
    case 'tool_call':
      return { stderr: `${e.parentToolUseId ? '[sub-agent tool]' : '[tool]'} ${showExactly(e.name, '  ')}\n` };
    case 'subagent':
      // A background sub-agent reports after the answer (recorded case 34): say why the turn is still open.
      if (e.status === 'running') return e.background ? { stderr: '[sub-agent] working in the background…\n' } : {};
      return { stderr: `[sub-agent] ${e.status === 'completed' ? 'done' : e.status}\n` };
    case 'background_command':
      // Nothing a turn starts outlives its answer (recorded case 40): say so when the answer's end stopped one.
      if (e.status === 'running') return { stderr: '[background command] running…\n' };
      if (e.endedWithTurn) return { stderr: '[background command] stopped: the answer ended\n' };
      return e.status === 'stopped'
        ? {}
        : { stderr: `[background command] ${e.status === 'completed' ? 'done' : 'failed'}\n` };
    default:
      return {};
  }
}

/** A notice or an error sentence for stderr (they may quote the CLI's own output). */
export function safeLine(text: string): string {
  return terminalSafe(text);
}
