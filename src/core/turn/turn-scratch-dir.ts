import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildMcpConfigJson, type McpEndpointInfo } from '../mcp/mcp-config';

export type McpEndpoint = McpEndpointInfo;

export interface ScratchDir {
  dir: string;
  mcpConfigPath?: string;
  appendSystemPromptPath?: string;
  /** Remove the directory (idempotent, never throws). */
  cleanup(): Promise<void>;
}

export interface ScratchDirInput {
  mcp?: McpEndpoint;
  systemPrompt?: string;
  /** Parent directory; default os.tmpdir(). Must be outside the data dir, which the sandbox walls off. */
  tmpRoot?: string;
}

/**
 * A per-turn directory (0700) for the files the CLI reads at start: the MCP config (0600 — it holds the
 * bearer token, which therefore never appears on a command line or in `ps`) and the system prompt.
 */
export async function createScratchDir(input: ScratchDirInput): Promise<ScratchDir> {
  const dir = await fs.mkdtemp(path.join(input.tmpRoot ?? os.tmpdir(), 'claude-desk-turn-'));
  await fs.chmod(dir, 0o700);
  const scratch: ScratchDir = {
    dir,
    cleanup: () => fs.rm(dir, { recursive: true, force: true }).catch(() => undefined),
  };
  try {
    if (input.mcp) {
      scratch.mcpConfigPath = path.join(dir, 'mcp-config.json');
      // A fresh 0700 dir removed after the turn: a plain write is enough (no fsync on every turn's start).
      await fs.writeFile(scratch.mcpConfigPath, buildMcpConfigJson(input.mcp), { mode: 0o600 });
    }
    if (input.systemPrompt && input.systemPrompt.trim()) {
      scratch.appendSystemPromptPath = path.join(dir, 'append-system-prompt.txt');
      await fs.writeFile(scratch.appendSystemPromptPath, input.systemPrompt, { mode: 0o600 });
    }
  } catch (err) {
    await scratch.cleanup();
    throw err;
  }
  return scratch;
}
