/**
 * A worktree's name from what the user calls the thread: `<name>` in `<repo>/.claude/worktrees/<name>` and in the
 * branch `worktree-<name>` (the CLI's `-w <name>` layout, recorded case 51). Letters, digits, `-` and `_` only, so
 * it is a valid folder and branch name on every platform and needs no quoting anywhere.
 */
export function worktreeNameFrom(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents go, their letters stay
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 40)
    .replace(/[-_]+$/g, '');
  return slug || fallback.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 'thread';
}

/** The names tried in turn when one is taken: `name`, `name-2`, `name-3`, … */
export function* candidateNames(name: string, max = 50): Generator<string> {
  yield name;
  for (let i = 2; i <= max; i++) yield `${name}-${i}`;
}
