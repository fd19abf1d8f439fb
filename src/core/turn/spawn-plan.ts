import fs from 'node:fs/promises';
import { buildChildEnv, buildTurnArgs, parseModelRouting } from './build-turn-args';
import type { TurnRequest } from './turn-request';
import { type ScratchDir, createScratchDir } from './turn-scratch-dir';

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

/** Exactly what one turn's CLI process is started with, plus the scratch dir its files live in. */
export interface SpawnPlan {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  scratch: ScratchDir;
  sessionId: string;
  resume: boolean;
}

/**
 * The folder a thread's CLI runs in: its own project folder, or the data dir's workspace (created on
 * demand). `null` when the thread names a folder that no longer exists.
 */
export async function resolveProjectDir(req: Pick<TurnRequest, 'settings' | 'layout'>): Promise<string | null> {
  if (!req.settings.projectDir) {
    await fs.mkdir(req.layout.workspaceDir, { recursive: true });
    return req.layout.workspaceDir;
  }
  const isDir = await fs.stat(req.settings.projectDir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  return isDir ? req.settings.projectDir : null;
}

/**
 * Scratch files, argv (maybe wrapped by the sandbox) and env of one turn. Shared by a turn that spawns
 * now and by the warm pool, so a warm process is started with the very same plan a turn
 * would build — the fingerprint then compares two plans, never a plan with a guess.
 */
export async function buildSpawnPlan(
  req: SpawnRequest,
  session: SpawnSession,
  deps: { env: NodeJS.ProcessEnv; tmpRoot?: string },
): Promise<SpawnPlan> {
  const mcp = typeof req.mcp === 'object' && req.mcp !== null ? req.mcp : undefined;
  const scratch = await createScratchDir({ mcp, systemPrompt: req.settings.systemPrompt, tmpRoot: deps.tmpRoot });
  try {
    const cliArgs = [
      ...(req.cli.prefixArgs ?? []),
      ...buildTurnArgs({
        sessionId: session.sessionId,
        resume: session.resume,
        projectDir: session.projectDir,
        permissionMode: req.permissionMode,
        model: parseModelRouting(req.settings.model).model,
        mcpConfigPath: scratch.mcpConfigPath,
        appendSystemPromptPath: scratch.appendSystemPromptPath,
        includeUserMcpServers: req.includeUserMcpServers,
        disabledMcpServers: req.settings.disabledMcpServers,
        resumeAt: session.resumeAt,
      }),
    ];
    const { file, args } = req.wrap
      ? await req.wrap(req.cli.path, cliArgs, scratch.dir)
      : { file: req.cli.path, args: cliArgs };
    return {
      file,
      args,
      cwd: session.projectDir,
      env: {
        ...buildChildEnv({ baseEnv: deps.env, savedApiKey: req.savedApiKey, pathEnv: req.cli.pathEnv }),
        // The CLI's own file checkpoints, for rewind (recorded cases 40–41).
        CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'true',
        // The Task* checklist tools (TaskCreate/TaskUpdate/TaskList): 2.1.328 offers them only with this (case 33).
        CLAUDE_CODE_ENABLE_TODO_TOOLS: '1',
      },
      scratch,
      sessionId: session.sessionId,
      resume: session.resume,
    };
  } catch (err) {
    await scratch.cleanup();
    throw err;
  }
}
