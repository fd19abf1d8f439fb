/** Where a thread runs when it names no folder: the data dir's `workspace` (the turn engine's default). */
export function defaultWorkspace(dataDir: string | undefined): string | undefined {
  if (!dataDir) return undefined;
  const sep = /^[A-Za-z]:\\/.test(dataDir) || (dataDir.includes('\\') && !dataDir.includes('/')) ? '\\' : '/';
  return `${dataDir.replace(/[\\/]+$/, '')}${sep}workspace`;
}
