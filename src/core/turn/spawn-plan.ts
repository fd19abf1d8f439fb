import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { workFolderOf } from '../../shared/work-folder';
import { type DeskMcpServerEntry, deskMcpServers, takesMcpInInitialize } from '../mcp/mcp-config';
import { buildTurnArgs, parseModelRouting } from './build-turn-args';
import { buildChildEnv } from '../claude-code-wire/child-env';
import { spawnFingerprints } from './turn-fingerprint';
import type { TurnRequest } from './turn-request';
import {
  MCP_CONFIG_FILE,
  SCRATCH_PREFIX,
  SYSTEM_PROMPT_FILE,
  type ScratchDir,
  createScratchDir,
  scratchContents,
} from './turn-scratch-dir';

/** The parts of a turn request that decide how its CLI is spawned (everything but the message). */
export type SpawnRequest = Pick<
  TurnRequest,
  'mcp' | 'settings' | 'permissionMode' | 'wrap' | 'cli' | 'savedApiKey' | 'includeUserMcpServers'
>;

export interface SpawnSession {
  sessionId: string;
  /** After a rewind: resume the session only up to this answer line, as a fork (recorded case 32b). */
  resumeAt?: string;
  /** true: `--resume <uuid>`; false: `--session-id <uuid>` (a new session). */
  resume: boolean;
  projectDir: string;
}

/**
 * What one turn's CLI process would be started with, planned in memory: no file exists yet, and where the
 * scratch dir's path goes (argv, a wall's files) a stand-in holds its place. Compared with the process kept or
 * warmed for the thread by its fingerprints; made real (materializeSpawn) only when a process must be spawned.
 */
export interface SpawnSpec {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The scratch dir's files, name → content (system prompt, a wall's profile; an older CLI's MCP config). */
  files: Readonly<Record<string, string>>;
  /**
   * The MCP servers its `initialize` request hands over (Claude Desk's, with its token: in memory only, never in argv
   * or a file); absent when they go in a file (a Claude Code before 2.1.326) or the endpoint is down.
   */
  mcpServers?: Readonly<Record<string, DeskMcpServerEntry>>;
  /** The stand-in for the scratch dir's path in `args` and `files`. */
  scratchStandIn: string;
  sessionId: string;
  resume: boolean;
  /** Digest of all of it (secrets hashed, never kept): a warm process is used only for an equal one. */
  fingerprint: string;
  /** The same without the session flag and what a control request switches live: what a kept process must match. */
  keptFingerprint: string;
}

/** Exactly what one turn's CLI process is started with: its spec with the scratch dir made and named in argv. */
export interface SpawnPlan extends SpawnSpec {
  scratch: ScratchDir;
}

/**
 * The folder a thread's CLI runs in (workFolderOf): its own worktree, its project folder, or the data dir's
 * workspace (created on demand). `null` when that folder no longer exists.
 */
export async function resolveProjectDir(req: Pick<TurnRequest, 'settings' | 'layout'>): Promise<string | null> {
  // Synchronous: every turn's first token waits on this look, a stat (or a mkdir of a folder that exists) of
  // microseconds, where a thread-pool round trip cost ~0.3–1 ms on a busy machine.
  const dir = workFolderOf(req.settings, req.layout.workspaceDir);
  if (dir === req.layout.workspaceDir) {
    // One stat when it exists (a recursive mkdir of an existing folder is a failed mkdir and a stat).
    if (!fsSync.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) fsSync.mkdirSync(dir, { recursive: true });
    return dir;
  }
  try {
    return fsSync.statSync(dir).isDirectory() ? dir : null;
  } catch {
    return null; // gone, or not ours to look into
  }
}

/**
 * Scratch files, argv (maybe wrapped by the sandbox) and env of one turn, in memory. Shared by a turn and by the
 * idle processes, so a pre-warmed or kept process is judged against the very plan a turn would spawn with — two plans
 * compared, never a plan with a guess — and a turn that a kept process answers touches no file for it.
 */
export async function describeSpawn(
  req: SpawnRequest,
  session: SpawnSession,
  deps: { env: NodeJS.ProcessEnv; tmpRoot?: string },
): Promise<SpawnSpec> {
  // A path where the dir will be made (so a wall can judge where it lies), with a NUL no real path can hold.
  const standIn = path.join(deps.tmpRoot ?? os.tmpdir(), `${SCRATCH_PREFIX}${process.pid}-\u0000`);
  const key = specKey(req, session, standIn);
  const known = planned.get(key);
  if (known && known.wrap === req.wrap && sameEnv(known.env, deps.env)) {
    planned.delete(key); // most recently used last
    planned.set(key, known);
    return known.spec;
  }
  const spec = await planSpawn(req, session, deps, standIn);
  planned.delete(key);
  planned.set(key, { wrap: req.wrap, env: Object.entries(deps.env), spec });
  for (const old of planned.keys()) {
    if (planned.size <= PLANNED_MAX) break;
    planned.delete(old);
  }
  return spec;
}

/**
 * The specs planned lately, by everything they were planned from: a kept process's next turn plans the same spec
 * again, and building its env and hashing it (the fingerprints) cost each turn's first token ~0.4 ms. The key holds
 * the request's parts as values; the wall by identity (a Sandbox is replaced, never changed); the env compared
 * entry by entry, because it may be the process's own, which can change in place. Frozen: plans are shared.
 */
const planned = new Map<string, { wrap: SpawnRequest['wrap']; env: [string, string | undefined][]; spec: SpawnSpec }>();
const PLANNED_MAX = 16;

function specKey(req: SpawnRequest, session: SpawnSession, standIn: string): string {
  const mcp = typeof req.mcp === 'object' && req.mcp !== null ? req.mcp : undefined;
  const { model, systemPrompt, disabledMcpServers } = req.settings;
  return JSON.stringify([
    standIn,
    mcp?.url,
    mcp?.token,
    model,
    systemPrompt,
    disabledMcpServers,
    req.permissionMode,
    req.cli.path,
    req.cli.prefixArgs,
    req.cli.pathEnv,
    req.cli.version,
    req.savedApiKey,
    req.includeUserMcpServers,
    session.sessionId,
    session.resume,
    session.resumeAt,
    session.projectDir,
  ]);
}

function sameEnv(known: [string, string | undefined][], env: NodeJS.ProcessEnv): boolean {
  if (Object.keys(env).length !== known.length) return false;
  for (const [key, value] of known) if (env[key] !== value) return false;
  return true;
}

/** The spec itself (describeSpawn without its memory). */
async function planSpawn(
  req: SpawnRequest,
  session: SpawnSession,
  deps: { env: NodeJS.ProcessEnv; tmpRoot?: string },
  standIn: string,
): Promise<SpawnSpec> {
  const endpoint = typeof req.mcp === 'object' && req.mcp !== null ? req.mcp : undefined;
  // Handed over in `initialize` where the CLI takes it there (case 59); only an older one reads it from a file.
  const mcpServers = endpoint && takesMcpInInitialize(req.cli.version) ? deskMcpServers(endpoint) : undefined;
  const mcp = mcpServers ? undefined : endpoint;
  const own = scratchContents({ mcp, systemPrompt: req.settings.systemPrompt });
  const cliArgs = [
    ...(req.cli.prefixArgs ?? []),
    ...buildTurnArgs({
      sessionId: session.sessionId,
      resume: session.resume,
      projectDir: session.projectDir,
      permissionMode: req.permissionMode,
      model: parseModelRouting(req.settings.model).model,
      mcpConfigPath: MCP_CONFIG_FILE in own ? path.join(standIn, MCP_CONFIG_FILE) : undefined,
      mcpInInitialize: mcpServers !== undefined,
      appendSystemPromptPath: SYSTEM_PROMPT_FILE in own ? path.join(standIn, SYSTEM_PROMPT_FILE) : undefined,
      includeUserMcpServers: req.includeUserMcpServers,
      disabledMcpServers: req.settings.disabledMcpServers,
      resumeAt: session.resumeAt,
    }),
  ];
  const wrapped = req.wrap
    ? await req.wrap(req.cli.path, cliArgs, standIn)
    : { file: req.cli.path, args: cliArgs, files: undefined };
  const shape = {
    file: wrapped.file,
    args: wrapped.args,
    cwd: session.projectDir,
    env: {
      ...buildChildEnv({ baseEnv: deps.env, savedApiKey: req.savedApiKey, pathEnv: req.cli.pathEnv }),
      // The CLI's own file checkpoints, for rewind (recorded cases 40–41).
      CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'true',
      // The Task* checklist tools (TaskCreate/TaskUpdate/TaskList): 2.1.328 offers them only with this (case 33).
      CLAUDE_CODE_ENABLE_TODO_TOOLS: '1',
    },
    files: scratchContents({ mcp, systemPrompt: req.settings.systemPrompt, files: wrapped.files }),
    mcpServers,
  };
  return deepFreeze({
    ...shape,
    ...spawnFingerprints(shape),
    scratchStandIn: standIn,
    sessionId: session.sessionId,
    resume: session.resume,
  });
}

function deepFreeze<T extends object>(spec: T): T {
  for (const value of Object.values(spec)) if (typeof value === 'object' && value !== null) Object.freeze(value);
  return Object.freeze(spec);
}

/** Make a spec real: its scratch dir with its files (0700/0600), and the dir's path in place of the stand-in. */
export async function materializeSpawn(spec: SpawnSpec, deps: { tmpRoot?: string }): Promise<SpawnPlan> {
  const scratch = await createScratchDir({ files: spec.files, tmpRoot: deps.tmpRoot });
  const put = (text: string): string => text.split(spec.scratchStandIn).join(scratch.dir);
  const file = put(spec.file);
  const args = spec.args.map(put);
  if ([file, ...args].some((a) => a.includes('\u0000'))) {
    await scratch.cleanup();
    throw new Error("the sandbox named the turn's scratch dir in a form Claude Desk cannot fill in");
  }
  // The files were written as planned; only one that names the dir is written again with its real path.
  for (const [name, content] of Object.entries(spec.files)) {
    if (content.includes(spec.scratchStandIn)) await fs.writeFile(path.join(scratch.dir, name), put(content));
  }
  return { ...spec, file, args, scratch };
}

/** describeSpawn, then materializeSpawn: a plan to spawn now. */
export async function buildSpawnPlan(
  req: SpawnRequest,
  session: SpawnSession,
  deps: { env: NodeJS.ProcessEnv; tmpRoot?: string },
): Promise<SpawnPlan> {
  return materializeSpawn(await describeSpawn(req, session, deps), deps);
}
