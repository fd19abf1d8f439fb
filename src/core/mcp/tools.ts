import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MemoryValidationError } from '../store/memory-store';
import { defineTool, json, type DeskTool, type DeskToolDeps } from './desk-tool';
import { memoryTools } from './memory-tools';
import { threadTools } from './thread-tools';
import { isToolAllowed, refusalMessage } from './tool-policy';

const INSTRUCTIONS = `# Claude Desk tools

Claude Desk is the desktop app the user is chatting with you in. These tools reach its own state.

## Memory (facts the user wants kept across chats)
- Before answering something that may depend on earlier chats (preferences, names, projects), call memory_recall
  with a few keywords. It ranks by shared words, so "favourite colour" works better than a whole question.
- When the user asks you to remember something, or states a lasting preference, call memory_learn with one
  self-contained third-person sentence and a tag or two. Recall first to avoid saving duplicates.
- To correct a memory: memory_forget the old one (by id), then memory_learn the new one.
- memory_list pages through everything (pass next_cursor back as cursor); memory_fetch reads one by id.

## Chat history (the user's other Claude Desk threads; read-only)
- threads_search finds chats by their text, threads_list shows the latest, threads_read opens one by thread_id.

## Permissions
The user chooses which tools you may use (all, read-only, or none). A refused call returns an error that says so and
changes nothing: tell the user plainly instead of retrying.`;

const coreTools = (catalogue: () => DeskTool[]) => [
  defineTool({
    name: 'core_list_tools',
    title: 'List Claude Desk tools',
    description:
      "List the tools Claude Desk offers, whether each reads or changes the user's data, and whether the user's " +
      'current setting allows it.',
    access: 'read',
    inputSchema: {},
    async run(_args, { policy }) {
      const current = policy();
      return json({
        policy: current,
        tools: catalogue().map((t) => ({
          name: t.name,
          summary: t.description.split(/(?<=\.)\s/)[0],
          access: t.access,
          allowed_now: isToolAllowed(current, t.access),
        })),
      });
    },
  }),
  defineTool({
    name: 'core_tool_instructions',
    title: 'How to use Claude Desk tools',
    description: "Read the guide to Claude Desk's memory and chat-history tools: when to use each and how.",
    access: 'read',
    inputSchema: {},
    async run() {
      return INSTRUCTIONS;
    },
  }),
];

/** Every tool the server offers, in the order tools/list reports them. */
export function deskTools(): DeskTool[] {
  const all: DeskTool[] = [];
  all.push(...coreTools(() => all), ...memoryTools, ...threadTools);
  return all;
}

/** The short server-level hint the CLI may show the model with the tool list. */
export const SERVER_INSTRUCTIONS =
  "Claude Desk's own tools: memory_* keep facts the user wants remembered across chats; threads_* read the " +
  "user's earlier chats. Call core_tool_instructions for details.";

function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * Register the tools on a (per-request) McpServer. The policy is consulted on every call, and a refusal
 * is a normal tool result with `isError: true`, never a protocol error, so the model can relay it.
 */
export function registerDeskTools(server: McpServer, deps: DeskToolDeps, log?: (line: string) => void): void {
  for (const tool of deskTools()) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: {
          title: tool.title,
          readOnlyHint: tool.access === 'read',
          // The MCP default for a non-read-only tool is "destructive", so say false explicitly for memory_learn.
          destructiveHint: tool.destructive === true,
          openWorldHint: false,
        },
      },
      async (args: Record<string, unknown>): Promise<CallToolResult> => {
        const policy = deps.policy();
        if (!isToolAllowed(policy, tool.access)) {
          log?.(`tool ${tool.name} refused by policy ${policy}`);
          return errorResult(refusalMessage(policy, tool.name));
        }
        try {
          const out = await tool.run(args, deps);
          if (typeof out === 'string') return { content: [{ type: 'text', text: out }] };
          return errorResult(out.error);
        } catch (err) {
          if (err instanceof MemoryValidationError) return errorResult(err.message);
          log?.(`tool ${tool.name} failed: ${err instanceof Error ? err.message : String(err)}`);
          return errorResult(
            `Claude Desk could not run ${tool.name}: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
      },
    );
  }
}
