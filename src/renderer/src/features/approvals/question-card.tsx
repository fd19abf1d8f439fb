import { memo, useMemo, useState } from 'react';
import type { ApprovalCard as Card } from '../../../../shared/threads';
import { useAnswer } from './use-answer';
import { Icon } from '../../ui/icons';
import { type Question, questionsOf } from '../../questions';
import './questions.css';

const OTHER = '\u0000other';

/** One question's choice: labels picked (one, or several when multiSelect) and the Other text. */
interface Choice {
  picked: string[];
  other: string;
}

/** The answer the CLI expects for one question (recorded case 36): a label, several joined by ", ", or the typed text. */
export function answerText(q: Question, c: Choice | undefined): string | undefined {
  if (!c) return undefined;
  const labels = c.picked.filter((p) => p !== OTHER);
  if (c.picked.includes(OTHER) && c.other.trim()) labels.push(c.other.trim());
  return labels.length ? labels.join(', ') : undefined;
}

/**
 * AskUserQuestion (arrives as can_use_tool, recorded case 36): 1–4 questions of 2–4 options, maybe multi-select,
 * plus "Other" with free text. The answers go back as `updatedInput.answers`, keyed by question text. Keys 1–4 pick
 * an option of the question that has focus (or the first unanswered one) — only while the card has focus.
 */
export const QuestionCard = memo(function QuestionCard({
  card,
  threadId,
  turnId,
}: {
  card: Card;
  threadId: string;
  turnId: string;
}) {
  const { request } = card;
  const questions = useMemo(() => questionsOf(request.input), [request.input]);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [focusQ, setFocusQ] = useState<number | undefined>(undefined);
  const { sending, answer } = useAnswer(threadId, turnId, request.requestId);
  const waiting = !card.outcome && !sending;

  const toggle = (qi: number, label: string) => {
    const q = questions[qi]!;
    setChoices((all) => {
      const c = all[qi] ?? { picked: [], other: '' };
      const has = c.picked.includes(label);
      const picked = q.multiSelect
        ? has
          ? c.picked.filter((p) => p !== label)
          : [...c.picked, label]
        : has
          ? []
          : [label];
      return { ...all, [qi]: { ...c, picked } };
    });
  };
  const setOther = (qi: number, other: string) =>
    setChoices((all) => {
      const c = all[qi] ?? { picked: [], other: '' };
      const q = questions[qi]!;
      const picked = c.picked.includes(OTHER) ? c.picked : q.multiSelect ? [...c.picked, OTHER] : [OTHER];
      return { ...all, [qi]: { picked: other ? picked : c.picked.filter((p) => p !== OTHER), other } };
    });

  const answers = Object.fromEntries(
    questions.flatMap((q, i) => {
      const a = answerText(q, choices[i]);
      return a ? [[q.question, a]] : [];
    }),
  );
  const complete = questions.length > 0 && Object.keys(answers).length === questions.length;
  const send = () => {
    if (!complete || !waiting) return;
    void answer({ behavior: 'allow', scope: 'once', updatedInput: { ...request.input, answers } });
  };
  const skip = () => void answer({ behavior: 'deny', message: 'The user chose not to answer these questions.' });

  if (card.outcome) {
    return (
      <div
        className={`approval-card approval-resolved approval-${card.outcome}`}
        data-testid="question-card"
        data-outcome={card.outcome}
      >
        <Icon name={card.outcome === 'allowed' ? 'check' : 'x'} size={14} />
        <span className="approval-resolved-name">
          {card.outcome === 'allowed'
            ? 'Answered'
            : card.outcome === 'denied'
              ? 'Not answered'
              : 'Withdrawn — the turn ended before you answered'}
        </span>
      </div>
    );
  }

  return (
    <section
      className="approval-card question-card"
      data-testid="question-card"
      data-outcome="waiting"
      tabIndex={0}
      aria-label="Claude asks you"
      onKeyDown={(e) => {
        if (!waiting || e.metaKey || e.ctrlKey || e.altKey) return;
        const target = e.target as HTMLElement;
        if (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA') return;
        if (e.key === 'Enter' && complete) {
          e.preventDefault();
          send();
          return;
        }
        const n = Number(e.key);
        if (!Number.isInteger(n) || n < 1 || n > 4) return;
        const qi =
          focusQ ??
          Math.max(
            0,
            questions.findIndex((q, i) => !answerText(q, choices[i])),
          );
        const option = questions[qi]?.options[n - 1];
        if (!option) return;
        e.preventDefault();
        e.stopPropagation();
        toggle(qi, option.label);
      }}
    >
      <header className="approval-head">
        <Icon name="shield" size={15} />
        <strong>{questions.length === 1 ? 'Claude has a question' : `Claude has ${questions.length} questions`}</strong>
      </header>
      {questions.map((q, qi) => {
        const c = choices[qi];
        return (
          <fieldset
            key={q.question}
            className="question"
            data-testid="question"
            onFocus={() => setFocusQ(qi)}
            disabled={!waiting}
          >
            <legend>
              {q.header && <span className="question-chip">{q.header}</span>}
              <span className="question-text">{q.question}</span>
              {q.multiSelect && <span className="muted question-multi">Pick any</span>}
            </legend>
            <div className="question-options" role={q.multiSelect ? 'group' : 'radiogroup'} aria-label={q.question}>
              {q.options.map((o, oi) => {
                const on = c?.picked.includes(o.label) ?? false;
                return (
                  <button
                    key={o.label}
                    type="button"
                    role={q.multiSelect ? 'checkbox' : 'radio'}
                    aria-checked={on}
                    className={`question-option ${on ? 'selected' : ''}`}
                    onClick={() => toggle(qi, o.label)}
                  >
                    <kbd>{oi + 1}</kbd>
                    <span className="question-option-text">
                      <span className="question-label">{o.label}</span>
                      {o.description && <span className="muted question-description">{o.description}</span>}
                    </span>
                  </button>
                );
              })}
            </div>
            <input
              type="text"
              className="question-other"
              placeholder="Other — type your own answer"
              aria-label={`Other answer to: ${q.question}`}
              value={c?.other ?? ''}
              onChange={(e) => setOther(qi, e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && complete) {
                  e.preventDefault();
                  send();
                }
              }}
            />
          </fieldset>
        );
      })}
      <div className="approval-actions">
        <button type="button" className="btn btn-primary btn-small" disabled={!waiting || !complete} onClick={send}>
          Send {questions.length === 1 ? 'answer' : 'answers'}
        </button>
        <button type="button" className="btn btn-ghost btn-small" disabled={!waiting} onClick={skip}>
          Don't answer
        </button>
      </div>
    </section>
  );
});
