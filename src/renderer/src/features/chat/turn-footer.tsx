import type { TurnVerdict } from '../../../../shared/turn-events';
import { formatCost, formatDuration, formatTokens } from './format';

/** Per-turn facts from the CLI's result line: cost, tokens in → out, wall time. */
export function TurnFooter({ verdict, model }: { verdict: TurnVerdict; model?: string }) {
  const u = verdict.usage;
  const input = u.inputTokens + (u.cacheReadTokens ?? 0) + (u.cacheCreationTokens ?? 0);
  return (
    <div className="turn-footer" data-testid="turn-footer">
      <span title="Cost of this turn">{formatCost(verdict.costUsd)}</span>
      {/* A turn stopped before the API answered reports no tokens: "0 in · 0 out" says nothing. */}
      {input + u.outputTokens > 0 && (
        <>
          <span aria-hidden="true">·</span>
          <span title="Tokens in → out" data-testid="turn-tokens">
            {formatTokens(input)} in · {formatTokens(u.outputTokens)} out
          </span>
        </>
      )}
      <span aria-hidden="true">·</span>
      <span title="Duration">{formatDuration(verdict.durationMs)}</span>
      {model && (
        <>
          <span aria-hidden="true">·</span>
          <span className="turn-footer-model">{model}</span>
        </>
      )}
    </div>
  );
}
