import path from 'node:path';

/** `child` is `parent` itself or lies inside it (both already resolved; no `..` segment leads out). */
export function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
