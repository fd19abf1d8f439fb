import hljs from 'highlight.js/lib/common';

/** The highlight.js language for a file path, by its extension (or name, e.g. Makefile); undefined: plain. */
export function languageFor(path: string): string | undefined {
  const base = path.split(/[\\/]/).pop() ?? '';
  const ext = base.includes('.') ? base.slice(base.lastIndexOf('.') + 1).toLowerCase() : base.toLowerCase();
  return ext && hljs.getLanguage(ext) ? ext : undefined;
}

/**
 * One line as highlighted HTML. highlight.js escapes the text it is given (its output is only spans with classes),
 * so the result is safe for innerHTML. Line by line loses multi-line state (a comment block's inner lines), which
 * a diff of a few hunks can live with.
 */
export function highlightLine(text: string, language: string | undefined): string | undefined {
  if (!language || text.length > 2000) return undefined;
  try {
    return hljs.highlight(text, { language, ignoreIllegals: true }).value;
  } catch {
    return undefined;
  }
}
