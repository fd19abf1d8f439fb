import { parseArgs, UsageError } from './args';

const USAGE = `Usage: claude-desk <command> [options]

Commands:
  status [--json]          Is the Claude Code CLI installed, recent enough and logged in? (exit 0 when ready)
  doctor                   Everything Claude Desk looked at to find the CLI, and where its data lives
  chat [--thread <name>] [--project <dir>] [--model <m>] [--json] "message"
                           Run one chat turn and stream the answer to stdout
  chat --thread <name> --project <dir> --worktree "message"
                           A new thread in its own git worktree (<dir>/.claude/worktrees/<name>, branch
                           worktree-<name>); later chat --thread <name> turns run in it. Without it, a new
                           thread follows the project's own switch (set in the window; Settings' default
                           never applies here); --no-worktree: in the folder itself, whatever the switch says
  chat [options] -         The same, with the message read from stdin (any length; also
                           when no message is given and stdin is a pipe):
                             claude-desk chat --thread notes - < long-message.txt
  chat --session <id> "message"
                           Continue a Claude Code session (see history) in its own folder
  chat --over-budget ...   Send although a budget it counts against (set in Usage) is spent: without it,
                           chat refuses then
  history [--json] [--project <dir>] [--search <text>]
                           Every Claude Code session on this machine: id, last activity, messages, title, folder
  rewind --thread <name> [--to <n>] [--code-only | --conversation-only] [--dry-run]
                           Undo the last n turns of a thread (default 1): its files (git projects: Bash
                           included) and its conversation, or only one of them; --dry-run lists the files
                           it would restore, and apart those another thread changed last (kept)
  land --thread <name> --merge | --keep | --discard [--force] [--message <text>]
                           Land a worktree thread's work: merge it into its base (a conflict lists the
                           files and changes nothing), keep it as its branch, or remove the worktree and
                           branch (refused while that loses uncommitted or unmerged work, unless --force)
  agents [--json]          The board: every thread working, waiting for you, failed or with changes to land
                           (thread, project, worktree, branch, status, files changed, lines added/removed)
  usage [--json] [--since <date>] [--until <date>] [--by day|week|month|project|model|session] [--blocks]
                           Tokens and cost of every Claude Code session on this computer, each API message
                           counted once (as ccusage counts them); --blocks: the 5-hour blocks, the open one's
                           burn rate. A table on a terminal, JSON lines with --json or to a pipe
  web [--port <n>]         Open Claude Desk in your browser (loopback only, with a one-time token)
  web --phone [--address <ip>|tailscale] [--allow-public]
                           Also let a phone on your network pair with this computer (HTTPS on that address,
                           or Tailscale's HTTPS name): a QR code here, the phone's number typed here
`;

const SPEC = {
  json: 'bool',
  port: 'string',
  thread: 'string',
  project: 'string',
  model: 'string',
  session: 'string',
  search: 'string',
  help: 'bool',
  to: 'string',
  'dry-run': 'bool',
  'code-only': 'bool',
  'conversation-only': 'bool',
  merge: 'bool',
  keep: 'bool',
  discard: 'bool',
  force: 'bool',
  message: 'string',
  worktree: 'bool',
  'no-worktree': 'bool',
  since: 'string',
  until: 'string',
  by: 'string',
  blocks: 'bool',
  phone: 'bool',
  address: 'string',
  'allow-public': 'bool',
  'over-budget': 'bool',
} as const;

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs(argv, SPEC);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\n${USAGE}`);
      return 1;
    }
    throw err;
  }
  if (parsed.flags.help && parsed.command !== undefined) {
    process.stdout.write(USAGE);
    return 0;
  }
  switch (parsed.command) {
    // Each command loads only what it runs (`status` needs no web server and no MCP SDK): start-up time.
    case 'web':
      return (await import('./web-command')).webCommand(parsed.flags);
    case 'status':
      return (await import('./status-commands')).statusCommand(parsed.flags);
    case 'doctor':
      return (await import('./status-commands')).doctorCommand();
    case 'chat':
      return (await import('./chat-command')).chatCommand(parsed.flags, parsed.positionals);
    case 'history':
      return (await import('./history-command')).historyCommand(parsed.flags);
    case 'rewind':
      return (await import('./rewind-command')).rewindCommand(parsed.flags);
    case 'agents':
      return (await import('./agents-command')).agentsCommand(parsed.flags);
    case 'land':
      return (await import('./land-command')).landCommand(parsed.flags);
    case 'usage':
      return (await import('./usage-command')).usageCommand(parsed.flags);
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(USAGE);
      return parsed.command === undefined ? 1 : 0;
    default:
      process.stderr.write(`Unknown command: ${parsed.command}\n\n${USAGE}`);
      return 1;
  }
}
