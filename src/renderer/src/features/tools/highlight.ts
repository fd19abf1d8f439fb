import { knownLanguage, type HighlightTree, type Lowlight } from '../../ui/highlight/highlighter';

/** The highlighter's language for a file path, by its extension (or name, e.g. Makefile); undefined: plain. */
export function languageFor(lowlight: Lowlight | null, path: string): string | undefined {
  const base = path.split(/[\\/]/).pop() ?? '';
  const ext = base.includes('.') ? base.slice(base.lastIndexOf('.') + 1).toLowerCase() : base.toLowerCase();
  return knownLanguage(lowlight, ext);
}

/**
 * One line, highlighted (undefined: show it plain). Line by line loses multi-line state (a comment block's
 * inner lines), which a diff of a few hunks can live with.
 */
export function highlightLine(
  lowlight: Lowlight | null,
  text: string,
  language: string | undefined,
): HighlightTree | undefined {
  if (!lowlight || !language || text.length > 2000) return undefined;
  try {
    return lowlight.highlight(language, text);
  } catch {
    return undefined;
  }
}
