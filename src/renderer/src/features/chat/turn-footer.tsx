import type { TurnVerdict } from '../../../../shared/turn-events';
import { tokenCounts } from '../../../../shared/turn-costs';
import { formatCost, formatDuration, formatTokens } from '../../ui/format';

/** Per-turn facts from the CLI's result line: cost, tokens in → out, wall time. */
export function TurnFooter({ verdict, model }: { verdict: TurnVerdict; model?: string }) {
  const tokens = tokenCounts(verdict.usage);
  return (
    <div className="turn-footer" data-testid="turn-footer">
      <span title="Cost of this turn (not the session's running total)" data-testid="turn-cost">
        {formatCost(verdict.costUsd)}
      </span>
      {/* A turn stopped before the API answered reports no tokens: "0 in · 0 out" says nothing. */}
      {tokens.total > 0 && (
        <>
          <span aria-hidden="true">·</span>
          <span title={tokens.breakdown} data-testid="turn-tokens">
            {formatTokens(tokens.in)} in · {formatTokens(tokens.out)} out
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
