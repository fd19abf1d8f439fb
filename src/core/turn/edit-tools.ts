/**
 * Whether a tool call may change files — what moves a "when Claude first edits" thread into its own worktree before
 * the call runs. When unsure, it is an edit: a wrong "edit" only makes the worktree a little early; a wrong "read"
 * would change the user's checkout.
 *
 * - Edit, Write, NotebookEdit (and MultiEdit of older builds): edits.
 * - Read, Glob, Grep, LS, WebFetch, WebSearch, TodoWrite, the plan and question tools, reading a background
 *   command's output, and Claude Desk's own tools (`mcp__desk__…`, memory and threads, never the project's files):
 *   not edits. A sub-agent (Agent/Task) is not one either: each of its own tool calls is asked about in turn.
 * - Bash: read-only only when every command of the line is a known reader (`ls`, `cat`, `grep`, `git status`,
 *   `git log`, …) with no output redirection (`>`, `>>`), no command substitution, no `tee`, `sed -i`, `find -delete`
 *   or `-exec`; anything else — an unknown program, a script, `npm test` (builds write files) — is an edit.
 * - Any other tool (another MCP server's, a new one): an edit.
 */
export function editsFiles(toolName: string, input: unknown): boolean {
  if (EDIT_TOOLS.has(toolName)) return true;
  if (READ_TOOLS.has(toolName) || toolName.startsWith('mcp__desk__')) return false;
  if (toolName === 'Bash') {
    const command = typeof input === 'object' && input !== null ? (input as { command?: unknown }).command : undefined;
    return typeof command !== 'string' || !readOnlyCommand(command);
  }
  return true;
}

const EDIT_TOOLS = new Set(['Edit', 'Write', 'NotebookEdit', 'MultiEdit']);
const READ_TOOLS = new Set([
  'Read',
  'Glob',
  'Grep',
  'LS',
  'WebFetch',
  'WebSearch',
  'TodoWrite',
  'TodoRead',
  'ToolSearch',
  'AskUserQuestion',
  'EnterPlanMode',
  'ExitPlanMode',
  'BashOutput',
  'TaskOutput',
  'KillShell',
  'ListMcpResourcesTool',
  'ReadMcpResourceTool',
  'Agent',
  'Task',
  'ListAgents',
]);

/** Programs that only read, whatever their arguments (beyond the exceptions below). */
const READERS = new Set([
  'ls',
  'cat',
  'head',
  'tail',
  'less',
  'more',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'find',
  'fd',
  'wc',
  'pwd',
  'echo',
  'printf',
  'which',
  'type',
  'file',
  'stat',
  'tree',
  'du',
  'df',
  'sort',
  'uniq',
  'cut',
  'tr',
  'diff',
  'cmp',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'date',
  'whoami',
  'uname',
  'env',
  'printenv',
  'true',
  'false',
  'test',
  'jq',
  'sed',
  'awk',
  'nl',
  'column',
  'md5sum',
  'sha256sum',
]);

/** git's subcommands that only read (a `branch`, `tag` or `stash` that makes something is not one). */
const GIT_READERS = new Set([
  'status',
  'log',
  'diff',
  'show',
  'blame',
  'rev-parse',
  'ls-files',
  'ls-tree',
  'grep',
  'describe',
  'shortlog',
  'cat-file',
  'reflog',
  'remote',
  'config',
]);

/** Whether a shell line only reads (see editsFiles). */
export function readOnlyCommand(command: string): boolean {
  // Redirection to a file, substitutions, subshells, here-docs and backgrounding: not judged, so an edit.
  // (`2>&1` and `>/dev/null` are fine: they write no file.)
  const cleaned = command.replace(/\d?>&\d/g, ' ').replace(/\d?>\s*\/dev\/null/g, ' ');
  if (/[>`]|\$\(|<<|<\(|(^|[^&])&($|[^&])/.test(cleaned)) return false;
  const parts = cleaned.split(/&&|\|\||;|\||\n/);
  return parts.every((part) => readOnlyPart(part.trim()));
}

function readOnlyPart(part: string): boolean {
  if (part === '') return true;
  const words = part.split(/\s+/).filter((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) || w.startsWith('-'));
  if (words[0] === 'cd') return true; // moves the shell, changes nothing
  const [program = '', ...args] = words;
  if (program === 'git') {
    const sub = args.find((a) => !a.startsWith('-'));
    if (!sub || !GIT_READERS.has(sub)) return false;
    if (sub === 'config') return args.some((a) => a === '--get' || a === '--list' || a === '-l' || a === '--get-all');
    if (sub === 'remote') return args.every((a) => a === 'remote' || a === '-v' || a === 'show' || a.startsWith('-'));
    if (sub === 'diff') return !args.includes('--output') && !args.some((a) => a.startsWith('--output='));
    return true;
  }
  if (!READERS.has(program)) return false;
  if (program === 'sed') return !args.some((a) => a.startsWith('-i') || a === '--in-place' || /(^|;)\s*w\s/.test(a));
  if (program === 'find')
    return !args.some((a) => ['-delete', '-exec', '-execdir', '-ok', '-fprint', '-fls'].includes(a));
  if (program === 'awk') return !args.some((a) => /system|print\s*>|>\s*"/.test(a));
  if (program === 'sort') return !args.some((a) => a === '-o' || a.startsWith('--output'));
  if (program === 'env') return args.every((a) => a.startsWith('-') || a.includes('=')) || args.length === 0;
  return true;
}
