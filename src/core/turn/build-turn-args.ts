import type { PermissionMode } from '../../shared/settings';
import { DESK_MCP_SERVER_NAME } from '../mcp/mcp-config';
import { HEADLESS_STREAM_JSON_ARGS, REPLAY_USER_MESSAGES_ARG } from '../claude-code-wire/headless-args';

/** Built-ins withheld unless full access is on (seed: shell, network and sub-agents stay off). */
export const DISALLOWED_TOOLS = ['Bash', 'BashOutput', 'KillShell', 'WebFetch', 'WebSearch', 'Task'];

export interface TurnArgsInput {
  sessionId: string;
  /** true: `--resume <uuid>` (the CLI holds the history); false: `--session-id <uuid>` (a new session). */
  resume: boolean;
  projectDir: string;
  permissionMode: PermissionMode;
  /** The CLI model (already stripped of `claude-code:` and `@temperature`). */
  model?: string;
  /** Path of the 0600 MCP config file in the scratch dir (a Claude Code before 2.1.326); absent when the endpoint is down. */
  mcpConfigPath?: string;
  /**
   * Claude Desk's MCP server goes in the `initialize` request (recorded case 59): `--await-initialize` makes the CLI
   * read it at launch, so that request must be the process's first stdin line.
   */
  mcpInInitialize?: boolean;
  appendSystemPromptPath?: string;
  /** Leave out `--strict-mcp-config`: the user's own MCP servers join Claude Desk's (recorded case 34b). */
  includeUserMcpServers?: boolean;
  /**
   * The user's servers turned off in this thread: their tools join `--disallowedTools` as `mcp__<name>`
   * (recorded case 34e). Claude Desk's own server is never among them.
   */
  disabledMcpServers?: string[];
  /** With `resume`: continue from this answer line as a new, forked session (recorded cases 32b–d). */
  resumeAt?: string;
}

/** The argument list of one turn. Pure: no secret ever goes here, only file paths. */
export function buildTurnArgs(input: TurnArgsInput): string[] {
  // Sub-agents' own text comes as lines with parent_tool_use_id, shown under their Agent card (recorded case 34b).
  const args = [
    ...HEADLESS_STREAM_JSON_ARGS,
    REPLAY_USER_MESSAGES_ARG,
    '--forward-subagent-text',
    // The user's own hooks (their settings files) run either way; this makes the CLI say so (recorded case 44b).
    '--include-hook-events',
    '--add-dir',
    input.projectDir,
  ];
  if (input.mcpConfigPath || input.mcpInInitialize) {
    if (input.mcpInInitialize) args.push('--await-initialize');
    else if (input.mcpConfigPath) args.push('--mcp-config', input.mcpConfigPath);
    // Strict keeps the user's own servers out; the ones handed over in initialize count as given (case 59 d).
    if (!input.includeUserMcpServers) args.push('--strict-mcp-config');
    args.push('--allowedTools', `mcp__${DESK_MCP_SERVER_NAME}`);
  }
  // One --disallowedTools list: the user's servers that are off, and (acceptEdits) the withheld built-ins.
  const offServers = (input.includeUserMcpServers ? (input.disabledMcpServers ?? []) : [])
    .filter((name) => name !== DESK_MCP_SERVER_NAME)
    .map((name) => `mcp__${name}`);
  switch (input.permissionMode) {
    case 'bypassPermissions':
      args.push('--permission-mode', 'bypassPermissions');
      break;
    case 'plan':
      // The CLI's plan mode (read-only until ExitPlanMode is approved, recorded case 35); its
      // ExitPlanMode and AskUserQuestion arrive as can_use_tool.
      args.push('--permission-mode', 'plan', '--permission-prompt-tool', 'stdio');
      break;
    case 'ask':
      // Shell and network are not withheld; every call that needs permission becomes a card.
      args.push('--permission-mode', 'default', '--permission-prompt-tool', 'stdio');
      break;
    case 'acceptEdits':
    default:
      args.push(
        '--permission-mode',
        'acceptEdits',
        '--disallowedTools',
        [...DISALLOWED_TOOLS, ...offServers].join(','),
      );
      offServers.length = 0; // listed
      // A prompt that needs the user (cases 20–27) reaches the control protocol in every mode: an approval
      // card, or core's default denial when nobody can answer — never the CLI's own silent refusal.
      args.push('--permission-prompt-tool', 'stdio');
      break;
  }
  if (offServers.length) args.push('--disallowedTools', offServers.join(','));
  args.push(input.resume ? '--resume' : '--session-id', input.sessionId);
  // Without --fork-session the original session's later turns would be cut from its chain (case 32d).
  if (input.resume && input.resumeAt) args.push('--resume-session-at', input.resumeAt, '--fork-session');
  if (input.model) args.push('--model', input.model);
  // A file, not --append-system-prompt: a long prompt never hits the OS argument limit (case 08).
  if (input.appendSystemPromptPath) args.push('--append-system-prompt-file', input.appendSystemPromptPath);
  return args;
}

export interface ModelRouting {
  /** What goes to `--model`; undefined = the CLI's default. */
  model?: string;
  /** Kept for the UI; the CLI has no temperature flag, so it is never sent. */
  temperature?: number;
}

/** Parse `claude-code:<model>[@<temperature>]` or a bare model name. */
export function parseModelRouting(value: string | undefined): ModelRouting {
  let rest = (value ?? '').trim();
  if (rest.startsWith('claude-code:')) rest = rest.slice('claude-code:'.length);
  let temperature: number | undefined;
  const at = rest.lastIndexOf('@');
  if (at !== -1) {
    const t = Number(rest.slice(at + 1));
    if (rest.slice(at + 1).trim() !== '' && Number.isFinite(t)) {
      temperature = t;
      rest = rest.slice(0, at);
    }
  }
  rest = rest.trim();
  return { model: rest && rest !== 'default' ? rest : undefined, temperature };
}
