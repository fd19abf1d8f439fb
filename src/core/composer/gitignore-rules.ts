import ignore, { type Ignore } from 'ignore';

/**
 * The rules of one .gitignore, split for speed. The crawl checks every folder against all of them, so a file
 * only needs the rules that can match a file: a pattern with a trailing `/` matches folders only, and the
 * file's folders were already let through. When what is left has no `/` inside a pattern, git matches it
 * against the file's name alone, and so do we: the `ignore` package is ~4× cheaper on a bare name than on a
 * path (it re-checks each parent), which is most of the index's cost on a 100,000-file project.
 */
export class GitignoreRules {
  private readonly all: Ignore;
  /** null: nothing here can ignore a file. */
  private readonly forFiles: Ignore | null;
  private readonly byNameOnly: boolean;

  /** `base`: the .gitignore's folder relative to the project, with a trailing `/` ('' for the project root). */
  constructor(
    readonly base: string,
    text: string,
  ) {
    this.all = ignore().add(text);
    const lines = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
    // Negations stay even when folder-only: `foo` then `!foo/` re-includes the folder for the files below it.
    const fileLines = lines.filter((l) => l.startsWith('!') || !l.endsWith('/'));
    const hasPositive = fileLines.some((l) => !l.startsWith('!'));
    this.forFiles = hasPositive ? ignore().add(fileLines.join('\n')) : null;
    this.byNameOnly = fileLines.every((l) => !l.replace(/^!/, '').replace(/\/$/, '').includes('/'));
  }

  /** Whether a folder (`rel` relative to the project, no trailing slash) is ignored by these rules. */
  ignoresDir(rel: string): boolean {
    const inner = this.inner(rel);
    return inner !== null && inner !== '' && this.all.ignores(`${inner}/`);
  }

  /** Whether a file is ignored by these rules; `nameStart` is where its name begins in `rel`. */
  ignoresFile(rel: string, nameStart: number): boolean {
    if (!this.forFiles) return false;
    if (this.byNameOnly) return rel.startsWith(this.base) && this.forFiles.ignores(rel.slice(nameStart));
    const inner = this.inner(rel);
    return inner !== null && inner !== '' && this.forFiles.ignores(inner);
  }

  private inner(rel: string): string | null {
    return rel.startsWith(this.base) ? rel.slice(this.base.length) : null;
  }
}
