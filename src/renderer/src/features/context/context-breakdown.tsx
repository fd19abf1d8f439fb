import type { ContextUsage } from '../../../../shared/context-usage';
import { formatTokens } from '../../ui/format';

const share = (tokens: number, of: number | undefined) => {
  if (!of) return '';
  const pct = (tokens / of) * 100;
  return pct > 0 && pct < 0.1 ? '<0.1%' : `${pct < 10 ? pct.toFixed(1) : Math.round(pct)}%`;
};

/**
 * What fills the window, by category, as Claude Code estimates it (the same figures as its `/context`, recorded
 * case 39): used categories first, then the autocompact buffer and the free space.
 */
export function ContextBreakdown({ usage }: { usage: ContextUsage }) {
  const order = { used: 0, buffer: 1, free: 2 } as const;
  const rows = [...usage.categories].sort((a, b) => order[a.kind] - order[b.kind]);
  return (
    <div className="context-breakdown" data-testid="context-breakdown">
      <div className="context-breakdown-title">
        By category <span className="muted">· estimated by Claude Code</span>
      </div>
      <ul>
        {rows.map((c) => (
          <li key={`${c.kind}:${c.name}`} data-kind={c.kind}>
            <span className="context-swatch" aria-hidden="true" />
            <span className="context-category">{c.name}</span>
            <span className="context-tokens">{formatTokens(c.tokens)}</span>
            <span className="context-share">{share(c.tokens, usage.maxTokens)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
