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

export const MCP_CONFIG_FILE = 'mcp-config.json';
export const SYSTEM_PROMPT_FILE = 'append-system-prompt.txt';

export interface ScratchDirInput {
  mcp?: McpEndpoint;
  systemPrompt?: string;
  /** More files for it, name → content (a wall's profile). */
  files?: Readonly<Record<string, string>>;
  /** Parent directory; default os.tmpdir(). Must be outside the data dir, which the sandbox walls off. */
  tmpRoot?: string;
}

/** What a turn's scratch dir holds, name → content, known before the dir exists. */
export function scratchContents(input: Omit<ScratchDirInput, 'tmpRoot'>): Record<string, string> {
  const files: Record<string, string> = {};
  if (input.mcp) files[MCP_CONFIG_FILE] = buildMcpConfigJson(input.mcp);
  if (input.systemPrompt && input.systemPrompt.trim()) files[SYSTEM_PROMPT_FILE] = input.systemPrompt;
  for (const [name, content] of Object.entries(input.files ?? {})) {
    if (name in files || name !== path.basename(name)) throw new Error(`Scratch file name ${name} is not usable`);
    files[name] = content;
  }
  return files;
}

/**
 * A per-turn directory (0700) for the files the CLI reads at start: the MCP config (0600 — it holds the
 * bearer token, which therefore never appears on a command line or in `ps`), the system prompt, a wall's profile.
 */
export async function createScratchDir(input: ScratchDirInput): Promise<ScratchDir> {
  const files = scratchContents(input);
  // The owner's pid in the name: a later start can tell (and remove) what a dead instance left.
  const dir = await fs.mkdtemp(path.join(input.tmpRoot ?? os.tmpdir(), `${SCRATCH_PREFIX}${process.pid}-`));
  const scratch: ScratchDir = {
    dir,
    cleanup: () => fs.rm(dir, { recursive: true, force: true }).catch(() => undefined),
  };
  try {
    await fs.chmod(dir, 0o700);
    // A fresh 0700 dir removed after the turn: a plain write is enough (no fsync on every turn's start).
    await Promise.all(
      Object.entries(files).map(([name, content]) => fs.writeFile(path.join(dir, name), content, { mode: 0o600 })),
    );
  } catch (err) {
    await scratch.cleanup();
    throw err;
  }
  if (MCP_CONFIG_FILE in files) scratch.mcpConfigPath = path.join(dir, MCP_CONFIG_FILE);
  if (SYSTEM_PROMPT_FILE in files) scratch.appendSystemPromptPath = path.join(dir, SYSTEM_PROMPT_FILE);
  return scratch;
}
