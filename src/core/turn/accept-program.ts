/**
 * Claude Code 2.1.337 pins which git, gh and ssh (and its own sandbox's bwrap) it runs, and refuses a copy that moved
 * or newly appeared on PATH until the person accepts it (`claude accept-program <path>`, then a restart). Recorded
 * case 65: on Linux this build pins nothing, so its refusals were read from its bundle, e.g. "PATH now finds git at
 * /x/git. Claude Code won't run it yet, in case a command put it there. If you installed it, run claude
 * accept-program '/x/git' and restart. If not, delete it." Claude Desk says what to run, in a terminal.
 */
const MENTION = /claude accept-program(?:\s+(?:'([^']+)'|"([^"]+)"|(\/[^\s'",;]+)))?/;
const FOUND = /PATH now finds (\S+) at (\S+?)[.,]?\s/;

/** The warning for a text in which Claude Code refuses a program and names `claude accept-program`; else undefined. */
export function acceptProgramAdvice(text: string): string | undefined {
  const mention = MENTION.exec(text);
  if (!mention) return undefined;
  const found = FOUND.exec(text);
  const program = found?.[1];
  const where = mention[1] ?? mention[2] ?? mention[3] ?? found?.[2];
  const what = program && where ? `the ${program} at ${where}` : program ? `the ${program} on your PATH` : 'a program';
  const run = where ? `claude accept-program '${where.replaceAll("'", "'\\''")}'` : 'claude accept-program';
  return (
    `Claude Code would not run ${what}: it moved or newly appeared on your PATH. If you installed it, run ${run} in a ` +
    `terminal${where ? '' : ' (it lists what changed; then run it again with the full path)'}, then send the message again; if not, delete it.`
  );
}
