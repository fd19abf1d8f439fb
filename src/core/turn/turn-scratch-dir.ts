import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildMcpConfigJson, type McpEndpointInfo } from '../mcp/mcp-config';
import { processAlive as alive } from '../process-group';

export type McpEndpoint = McpEndpointInfo;

export const SCRATCH_PREFIX = 'claude-desk-turn-';

/**
 * Remove the scratch dirs of instances that died without cleaning up: they hold an MCP config with a
 * bearer token. A dir names its owner's pid; one from before that naming is removed once a day old.
 */
export async function sweepStaleScratchDirs(tmpRoot = os.tmpdir(), now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  const names = await fs.readdir(tmpRoot).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(SCRATCH_PREFIX)) continue;
    const dir = path.join(tmpRoot, name);
    const owner = /^(\d+)-/.exec(name.slice(SCRATCH_PREFIX.length));
    let stale: boolean;
    if (owner) stale = Number(owner[1]) !== process.pid && !alive(Number(owner[1]));
    else
      stale = await fs.stat(dir).then(
        (st) => now - st.mtimeMs > 24 * 3600_000,
        () => false,
      );
    if (!stale) continue;
    await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    removed.push(dir);
  }
  return removed;
}

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
  // The owner's pid in the name: a later start can tell (and remove) what a dead instance left.
  const dir = await fs.mkdtemp(path.join(input.tmpRoot ?? os.tmpdir(), `${SCRATCH_PREFIX}${process.pid}-`));
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
