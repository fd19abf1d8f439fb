import { memo, useId, useState } from 'react';
import type { ApprovalCard, AssistantPart } from '../../../../shared/threads';
import { Icon } from '../../ui/icons';
import { editDiff, EDIT_TOOLS } from '../tools/diff-rows';
import { OPEN_TOOLS, questionAnswers } from '../tools/tool-parts';
import { toolErrorText } from '../../../../shared/tool-error-text';
import { formatDuration } from '../../ui/format';
import { Markdown } from '../../ui/markdown';
import { friendlyToolName, isInternalTool, toolSummary } from '../../tool-names';
import { questionsOf } from '../../questions';
import { Elapsed } from './elapsed';
import { WithheldNote, withheldReason } from './tool-withheld';
import { LazyLoading, lazyPart } from '../../ui/lazy-part';
import '../tools/tool-card.css';

// A card's body (diffs, terminal output, a stored result, an edited call's proposal) is its own chunk: the head says
// what the call is at once, and the body follows (fetched after the first paint, so usually already there).
const ToolBody = lazyPart(
  () => import('../tools/tool-body'),
  (m) => m.ToolBody,
  <LazyLoading what="the tool's output" />,
);
const StoredResult = lazyPart(
  () => import('../tools/stored-result'),
  (m) => m.StoredResult,
);
const ProposedDiff = lazyPart(
  () => import('../approvals/proposed-diff'),
  (m) => m.ProposedDiff,
);

type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The head's one line: the file for edits (with +/−), the description for Bash, the task for an Agent. No +/− while
 * the approval card waits (it counts against the file on disk; the input alone would count an overwrite as all
 * added) nor for an edit that failed (it changed nothing).
 */
function headSummary(part: ToolPart, pending: boolean): { text: string; stat?: { added: number; removed: number } } {
  const input = (part.input ?? {}) as Record<string, unknown>;
  if (EDIT_TOOLS.has(part.name)) {
    const diff = pending || part.isError ? undefined : editDiff(part.name, part.input, part.detail);
    const path = str(input.file_path) ?? str(input.notebook_path) ?? '';
    return { text: path.split('/').pop() ?? path, stat: diff && { added: diff.added, removed: diff.removed } };
  }
  if (part.name === 'Bash') return { text: str(input.description) ?? toolSummary(part.input) };
  if (part.name === 'Agent' || part.name === 'Task') return { text: str(input.description) ?? toolSummary(part.input) };
  if (part.name === 'AskUserQuestion') {
    // Answered: what was chosen, at a glance; before that, what is asked.
    const questions = questionsOf(part.input);
    const answers = questionAnswers(part);
    const chosen = questions.flatMap((q) => answers[q.question] ?? []);
    if (chosen.length) return { text: chosen.join(' · ') };
    return { text: questions.length === 1 ? questions[0]!.question : `${questions.length} questions` };
  }
  return { text: toolSummary(part.input) };
}

/**
 * Where the call stands. Its approval card (matched by toolUseId) comes first: a call waiting for the
 * user is not "Running", and a denied one is not an "Error" even though the CLI reports the refusal as
 * an is_error tool_result whose content is the user's reason (recorded case 21).
 */
function toolState(part: ToolPart, turnOver: boolean, approval?: ApprovalCard): { label: string; tone: string } {
  // A question is answered or not: "Denied" would name a permission nobody asked for (recorded case 36).
  if (part.name === 'AskUserQuestion' && (approval?.outcome === 'denied' || (approval?.outcome && part.isError)))
    return { label: 'Not answered', tone: 'muted' };
  if (part.name === 'AskUserQuestion' && approval?.outcome === 'allowed' && part.result !== undefined)
    return { label: 'Answered', tone: 'done' };
  if (approval?.outcome === 'denied' || part.denied) return { label: 'Denied', tone: 'denied' };
  // A background command's call returns at once ("Command running in background", case 40); the command runs on
  // until it ends — or until the answer does: Claude Desk stops it then (nothing a turn starts outlives it).
  const command = part.backgroundCommand;
  if (command?.status === 'running')
    return turnOver ? { label: 'Stopped', tone: 'muted' } : { label: 'Running in the background', tone: 'running' };
  if (command?.endedWithTurn) return { label: 'Stopped when the answer ended', tone: 'muted' };
  if (command) {
    const ended = { completed: ['Done', 'done'], failed: ['Failed', 'error'], stopped: ['Stopped', 'muted'] } as const;
    const [label, tone] = ended[command.status];
    return { label, tone };
  }
  // A sub-agent's own state: a background one is still working after its call returned (recorded case 34); the
  // turn stays open until it reports, so a turn that ended first (stopped, failed) ended it too.
  if (part.subagent?.status === 'running' && !turnOver)
    return { label: part.subagent.background ? 'Working in the background' : 'Sub-agent working', tone: 'running' };
  if (part.subagent?.status === 'running' && part.subagent.background) return { label: 'Stopped', tone: 'muted' };
  if (part.subagent && part.subagent.status !== 'running') {
    const took = part.subagent.durationMs !== undefined ? ` · ${formatDuration(part.subagent.durationMs)}` : '';
    const tone = part.subagent.status === 'completed' ? 'done' : 'error';
    return { label: `${part.subagent.status === 'completed' ? 'Done' : 'Failed'}${took}`, tone };
  }
  if (approval?.outcome === 'cancelled' && part.result === undefined) return { label: 'Withdrawn', tone: 'muted' };
  if (approval && !approval.outcome) {
    if (turnOver) return { label: 'No result', tone: 'muted' };
    // Questions and plans wait for a decision, not a permission.
    const waitingFor =
      part.name === 'AskUserQuestion' ? 'your answer' : part.name === 'ExitPlanMode' ? 'your decision' : 'approval';
    return { label: `Waiting for ${waitingFor}`, tone: 'waiting' };
  }
  // Refused because the mode withholds the tool (case 56): not a failure of the tool, and the note says why.
  if (part.isError && withheldReason(part)) return { label: 'Off in Accept edits', tone: 'withheld' };
  if (part.isError) return { label: 'Error', tone: 'error' };
  if (part.result !== undefined) return { label: 'Done', tone: 'done' };
  return turnOver ? { label: 'No result', tone: 'muted' } : { label: 'Running', tone: 'running' };
}

/** The reason line under a denied call: the CLI's permission message, or the reason the user gave. */
function deniedText(part: ToolPart, approval?: ApprovalCard): string | undefined {
  if (part.denied) return part.denied;
  if (part.name === 'AskUserQuestion') return undefined; // "Not answered" says it; the refusal is Claude Desk's own
  if (approval?.outcome !== 'denied') return undefined;
  // The host's stand-in when no reason was typed (core/claude-code-wire/control-protocol.ts) says nothing more.
  const reason = part.result && part.result !== 'The user denied this tool call.' ? part.result : undefined;
  return reason ? `Denied: ${reason}` : 'Denied by you';
}

/** A sub-agent's transcript, nested under its Agent card: its text and its own tool cards (recorded case 34b). */
function SubagentTranscript({ part, turnOver }: { part: ToolPart; turnOver: boolean }) {
  const children = part.children ?? [];
  const prompt = str((part.input as Record<string, unknown> | undefined)?.prompt);
  // A background sub-agent's call returns at once ("Async agent launched", case 34): it is over when it reports.
  const subagentOver = part.subagent ? part.subagent.status !== 'running' : part.result !== undefined;
  return (
    <div className="subagent" data-testid="subagent">
      {prompt && (
        <details className="subagent-prompt">
          <summary>Task given to the sub-agent</summary>
          <p>{prompt}</p>
        </details>
      )}
      {children.length === 0 && !turnOver && <p className="muted">Starting…</p>}
      <div className="subagent-parts">
        {children.map((child, i) =>
          child.kind === 'tool' ? (
            <ToolCard key={child.toolUseId} part={child} turnOver={turnOver || subagentOver} />
          ) : (
            <Markdown key={i} text={child.text} />
          ),
        )}
      </div>
    </div>
  );
}

/**
 * One tool call: friendly name, the key argument, then (expanded) what it did, drawn for its tool. The CLI's own
 * plumbing (ToolSearch loading a deferred tool, recorded case 35) is no card: it does nothing a person acts on.
 */
export const ToolCard = memo(function ToolCard(props: Parameters<typeof ToolCardView>[0]) {
  return isInternalTool(props.part.name) && !props.approval ? null : <ToolCardView {...props} />;
});

function ToolCardView({
  part,
  turnOver,
  approval,
  threadId,
  turnId,
}: {
  part: ToolPart;
  turnOver: boolean;
  /** The permission prompt for this call, when the CLI asked. */
  approval?: ApprovalCard;
  /** The turn the call belongs to: what "Switch to Ask and retry" sends again. */
  threadId?: string;
  turnId?: string;
}) {
  // A question's "edit" is its answers, and its "allow" is the sending of them: the body shows both as answers.
  const asked = part.name === 'AskUserQuestion';
  const isAgent = part.name === 'Agent' || part.name === 'Task';
  // While its approval card waits below, the card stays shut: the prompt shows the same preview.
  const pending = approval !== undefined && !approval.outcome;
  const [opened, setOpen] = useState<boolean | undefined>(undefined);
  const open = opened ?? (OPEN_TOOLS.has(part.name) && !pending);
  const bodyId = useId();
  const state = toolState(part, turnOver, approval);
  const denied = deniedText(part, approval);
  const summary = headSummary(part, pending);
  const edited = part.proposedInput !== undefined && !asked;
  const withheld = part.isError ? withheldReason(part) : undefined;
  // A withheld call never ran: its body shows what Claude asked for, not the CLI's refusal (the note says why).
  // A failed call's result is the sentence, without the CLI's <tool_use_error> tags.
  const body = withheld
    ? { ...part, result: undefined }
    : part.isError && part.result
      ? { ...part, result: toolErrorText(part.result) }
      : part;
  return (
    <div
      className={`tool-card tool-${state.tone} ${isAgent ? 'tool-agent' : ''}`}
      data-testid="tool-card"
      data-tool={part.name}
      data-approval={approval ? (approval.outcome ?? 'waiting') : undefined}
    >
      <button
        type="button"
        className="tool-head"
        aria-expanded={open}
        // Only while the body exists: aria-controls must name an element that is there.
        aria-controls={open ? bodyId : undefined}
        onClick={() => setOpen(!open)}
      >
        <Icon name="chevron" size={14} />
        <Icon name="tool" size={14} />
        <span className="tool-name">{friendlyToolName(part.name)}</span>
        {summary.text && <code className="tool-summary">{summary.text}</code>}
        {summary.stat && (
          <span className="diff-stat" aria-label={`${summary.stat.added} added, ${summary.stat.removed} removed`}>
            <span className="diff-stat-add">+{summary.stat.added}</span>
            <span className="diff-stat-del">−{summary.stat.removed}</span>
          </span>
        )}
        {approval?.outcome === 'allowed' && !asked && (
          <span className="tool-badge badge-allowed" data-testid="tool-allowed">
            <Icon name="check" size={12} /> {part.name === 'ExitPlanMode' ? 'Approved' : 'Allowed'}
          </span>
        )}
        <span className={`tool-badge badge-${state.tone}`} data-testid="tool-state">
          {state.label}
          {/* A long tool is not silence: how long it has run ("Running 3:12"), like the turn's own timer. */}
          {state.tone === 'running' && part.startedAt !== undefined && (
            <>
              {' '}
              <Elapsed since={part.startedAt} />
            </>
          )}
        </span>
      </button>
      {denied && (
        <p className="tool-denied-reason" role="note">
          {denied}
        </p>
      )}
      {withheld && <WithheldNote reason={withheld} turnOver={turnOver} threadId={threadId} turnId={turnId} />}
      {part.backgroundCommand?.endedWithTurn && (
        <p className="tool-edited" role="note" data-testid="tool-ended-with-turn">
          Claude Desk stops what is still running in the background when the answer ends.
        </p>
      )}
      {edited && (
        <p className="tool-edited" role="note" data-testid="tool-edited">
          <Icon name="pencil" size={12} /> Edited before allowing — this is what ran
        </p>
      )}
      {open && (
        <div id={bodyId} className="tool-body">
          {isAgent ? (
            <SubagentTranscript part={body} turnOver={turnOver} />
          ) : (
            <ToolBody part={body} denied={denied !== undefined} />
          )}
          {part.resultChars !== undefined && part.result !== undefined && <StoredResult part={part} />}
          {edited && (
            <>
              <div className="tool-section-label">Claude proposed (you edited it before allowing)</div>
              <ProposedDiff proposed={part.proposedInput} ran={part.input} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
