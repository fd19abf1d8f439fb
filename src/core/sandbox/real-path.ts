import fs from 'node:fs';
import path from 'node:path';

/** Resolves symlinks in an existing path; throws for a missing one (like `fs.realpathSync.native`). */
export type RealPathFn = (p: string) => string;

export const defaultRealPath: RealPathFn = (p) => fs.realpathSync.native(p);

/**
 * The path the kernel will see, even when the tail does not exist yet: resolve the deepest
 * existing ancestor and re-append the missing components. Both walls match on resolved paths
 * (Seatbelt checks the vnode path, a bind mount covers the real directory), so a private dir
 * reached through a symlink (`/var` → `/private/var` on macOS, `/tmp` → `/private/tmp`) must be
 * named by its real location too. A state dir that does not exist yet still gets a rule.
 */
export function resolveRealPath(p: string, realpath: RealPathFn = defaultRealPath): string {
  const abs = path.resolve(p);
  const missing: string[] = [];
  let current = abs;
  for (;;) {
    try {
      return path.join(realpath(current), ...missing);
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return abs; // nothing resolvable (should not happen: "/" exists)
      missing.unshift(path.basename(current));
      current = parent;
    }
  }
}
