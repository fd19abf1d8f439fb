import type { AssistantPart } from '../../../../shared/threads';
import { CodeExcerpt, numberedLines } from './code-excerpt';
import { DiffView } from './diff-view';
import { EDIT_TOOLS, editDiff } from './diff-rows';
import { FilePath } from './file-path';
import { ToolInput } from './input-list';
import { TerminalOutput } from './terminal-output';
import { WebBody } from './web-body';
import { questionsOf } from '../../questions';
import { questionAnswers } from './tool-parts';
import { Markdown } from '../../ui/markdown';

type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const inputOf = (part: ToolPart): Record<string, unknown> =>
  part.input && typeof part.input === 'object' ? (part.input as Record<string, unknown>) : {};

/** Tools with a card of their own; every other tool gets the readable generic body. */
export const RICH_TOOLS = new Set([...EDIT_TOOLS, 'Bash', 'Read', 'Glob', 'Grep', 'WebFetch', 'WebSearch']);

/** Bash failures come back as `Exit code <n>\n<output>` with is_error (recorded case 31). */
export function shellOutcome(part: ToolPart): { output: string; exitCode?: number } {
  const result = part.result ?? '';
  const m = part.isError ? /^Exit code (\d+)\n?/.exec(result) : null;
  return m ? { output: result.slice(m[0].length), exitCode: Number(m[1]) } : { output: result };
}

function BashBody({ part }: { part: ToolPart }) {
  const input = inputOf(part);
  const { output, exitCode } = shellOutcome(part);
  const done = part.result !== undefined;
  return (
    <div className="terminal" data-testid="bash-body">
      <pre className="terminal-command" data-testid="bash-command">
        <span className="terminal-prompt" aria-hidden="true">
          ${' '}
        </span>
        {str(input.command)}
      </pre>
      {done && output !== '' && <TerminalOutput text={output} error={part.isError && exitCode === undefined} />}
      {done && (
        <div className={`terminal-status ${part.isError ? 'terminal-status-error' : ''}`} data-testid="bash-status">
          {exitCode !== undefined
            ? `Exit code ${exitCode}`
            : part.isError
              ? 'Failed'
              : output === ''
                ? 'Done · no output'
                : 'Exit code 0'}
        </div>
      )}
    </div>
  );
}

function ReadBody({ part }: { part: ToolPart }) {
  const path = str(inputOf(part).file_path) ?? '';
  const lines = part.result && !part.isError ? numberedLines(part.result) : [];
  const range = part.detail?.kind === 'read' ? part.detail : undefined;
  return (
    <div className="tool-rich" data-testid="read-body">
      <div className="diff-head">
        <FilePath path={path} />
        {range && range.numLines > 0 && (
          <span className="muted" data-testid="read-range">
            {range.numLines >= range.totalLines
              ? `${range.totalLines} lines`
              : `lines ${range.startLine}–${range.startLine + range.numLines - 1} of ${range.totalLines}`}
          </span>
        )}
      </div>
      {lines.length > 0 ? (
        <CodeExcerpt path={path} lines={lines} />
      ) : (
        part.result !== undefined && (
          <pre className={`tool-pre ${part.isError ? 'tool-pre-error' : ''}`} tabIndex={0}>
            {part.result || '(empty)'}
          </pre>
        )
      )}
    </div>
  );
}

function FilesBody({ part }: { part: ToolPart }) {
  const detail = part.detail?.kind === 'files' ? part.detail : undefined;
  if (!detail) {
    // Grep's content mode and any error: the text is the answer (recorded case 32).
    return part.result !== undefined ? (
      <TerminalOutput text={part.result || '(no matches)'} error={part.isError} />
    ) : null;
  }
  return (
    <div className="tool-rich" data-testid="files-body">
      <div className="muted">
        {detail.numFiles} file{detail.numFiles === 1 ? '' : 's'}
        {detail.truncated ? ' (more not shown)' : ''}
      </div>
      <ul className="file-list">
        {detail.filenames.map((f) => (
          <li key={f}>{f.startsWith('/') ? <FilePath path={f} /> : <code>{f}</code>}</li>
        ))}
      </ul>
    </div>
  );
}

/** Any other tool: its arguments as a readable list (input-list.tsx), then the result. */
export function GenericBody({ part }: { part: ToolPart }) {
  return (
    <>
      <ToolInput input={inputOf(part)} />
      {part.result !== undefined && (
        <>
          <div className="tool-section-label">{part.isError ? 'Error' : 'Result'}</div>
          <TerminalOutput text={part.result || '(empty)'} error={part.isError} />
        </>
      )}
    </>
  );
}

/** AskUserQuestion: each question with the answer the model got — question → answer, never the questions' JSON. */
function AnswersBody({ part, denied }: { part: ToolPart; denied: boolean }) {
  const answers = questionAnswers(part);
  const none = denied || part.isError ? 'Not answered' : part.result === undefined ? 'Not answered yet' : '—';
  return (
    <dl className="tool-args tool-answers" data-testid="answers">
      {questionsOf(part.input).map((q) => (
        <div key={q.question} className="tool-arg">
          <dt>{q.question}</dt>
          <dd>{answers[q.question] ?? none}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The body of a tool card, by tool. A call the user or the mode denied did not run: the CLI's result is the
 * refusal (recorded case 21), which the card already says once, so the body shows what was asked, not it again.
 */
export function ToolBody({ part: call, denied = false }: { part: ToolPart; denied?: boolean }) {
  if (call.name === 'AskUserQuestion') return <AnswersBody part={call} denied={denied} />;
  const { result: _refusal, isError: _failed, ...asked } = call;
  const part: ToolPart = denied ? asked : call;
  if (EDIT_TOOLS.has(part.name)) {
    const diff = editDiff(part.name, part.input, part.detail);
    if (diff) {
      return (
        <>
          <DiffView diff={diff} />
          {part.isError && (
            <pre className="tool-pre tool-pre-error" tabIndex={0}>
              {part.result}
            </pre>
          )}
        </>
      );
    }
  }
  if (part.name === 'Bash') return <BashBody part={part} />;
  if (part.name === 'Read') return <ReadBody part={part} />;
  if (part.name === 'Glob' || part.name === 'Grep') return <FilesBody part={part} />;
  if (part.name === 'WebFetch' || part.name === 'WebSearch') return <WebBody part={part} />;
  if (part.name === 'ExitPlanMode' && typeof inputOf(part).plan === 'string') {
    return (
      <div className="plan-body">
        <Markdown text={str(inputOf(part).plan)!} />
      </div>
    );
  }
  return <GenericBody part={part} />;
}
