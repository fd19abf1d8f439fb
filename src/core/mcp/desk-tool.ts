import type { z } from 'zod';
import type { ToolPolicy } from '../../shared/settings';
import type { MemoryStore } from '../store/memory-store';
import type { ThreadsReader } from './threads-reader';
import type { ToolAccess } from './tool-policy';

export interface DeskToolDeps {
  memory: MemoryStore;
  threads: ThreadsReader;
  /** Read on every call, so a settings change applies to the next call without a restart. */
  policy: () => ToolPolicy;
}

/** What a tool returns: text for the model, or an error the model should relay. */
export type DeskToolOutput = string | { error: string };

export interface DeskTool<S extends z.ZodRawShape = z.ZodRawShape> {
  /** `_` only: the Messages API rejects dots in tool names; the CLI shows it as `mcp__desk__<name>`. */
  name: string;
  title: string;
  /** Written for the model: when to use it, what it returns. */
  description: string;
  access: ToolAccess;
  /** Deletes something the user may want back (MCP `destructiveHint`). */
  destructive?: boolean;
  inputSchema: S;
  run(args: z.output<z.ZodObject<S>>, deps: DeskToolDeps): Promise<DeskToolOutput>;
}

/** Keeps each tool's argument types checked while letting tools of different shapes share one list. */
export function defineTool<S extends z.ZodRawShape>(tool: DeskTool<S>): DeskTool {
  return tool as unknown as DeskTool;
}

/** Results are JSON the model can read; dates as ISO strings, not epoch numbers. */
export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
