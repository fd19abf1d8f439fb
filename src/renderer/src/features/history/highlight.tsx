/** A snippet with the searched words marked (plain text in, React nodes out: nothing is parsed as HTML). */
import type { ReactNode } from 'react';

export function Highlight({ text, query }: { text: string; query: string }) {
  const terms = [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (terms.length === 0) return <>{text}</>;
  const lower = text.toLowerCase();
  const out: ReactNode[] = [];
  let i = 0;
  let plain = 0;
  while (i < text.length) {
    const term = terms.find((t) => lower.startsWith(t, i));
    if (term) {
      if (plain < i) out.push(text.slice(plain, i));
      out.push(<mark key={i}>{text.slice(i, i + term.length)}</mark>);
      i += term.length;
      plain = i;
    } else i++;
  }
  if (plain < text.length) out.push(text.slice(plain));
  return <>{out}</>;
}
