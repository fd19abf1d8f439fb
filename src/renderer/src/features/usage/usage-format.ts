/** How the Usage view writes its figures. */
import { costLabel, totalTokens, usd, type UsageFigure } from '../../../../shared/usage';

/** A cost with `~` when any part of it is the price table's estimate. */
export function costText(f: UsageFigure): string {
  const label = costLabel(f);
  return f.estimated > 0 && f.unpriced < f.messages ? `~${label}` : label;
}

export const fullTokens = (n: number) => n.toLocaleString('en-US');
export const sumTokens = (f: UsageFigure) => totalTokens(f);

/** `$1.23` on an axis; `12k` tokens. */
export const axisCost = (v: number) => (v === 0 ? '$0' : usd(v));

/** The amount alone (big), and whether part of it is unknown (said beside it). */
export function costParts(f: UsageFigure): { amount: string; unknownPart: boolean } {
  if (f.messages > 0 && f.unpriced === f.messages) return { amount: 'unknown', unknownPart: false };
  return { amount: `${f.estimated > 0 ? '~' : ''}${usd(f.cost)}`, unknownPart: f.unpriced > 0 };
}
export function axisTokens(v: number): string {
  if (v >= 1_000_000) return `${+(v / 1_000_000).toFixed(1)}M`;
  if (v >= 1000) return `${+(v / 1000).toFixed(1)}k`;
  return String(Math.round(v));
}

/** `Dec 5` for a local `YYYY-MM-DD`. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

export function whenLabel(at: number): string {
  return new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** The last folder of a path: a project's name in a legend. */
export const folderName = (p: string) => p.split(/[\\/]/).filter(Boolean).pop() ?? p;
