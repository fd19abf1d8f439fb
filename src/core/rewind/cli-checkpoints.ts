import { HEADLESS_STREAM_JSON_ARGS, REPLAY_USER_MESSAGES_ARG } from '../claude-code-wire/headless-args';
import type { Json } from '../claude-code-wire/cli-json';
import { ControlClient } from '../claude-code-wire/control-client';
import { type GroupKiller, type Spawner, spawnInOwnGroup } from '../claude-code-wire/spawned-process';

/**
 * Claude Code's own file checkpoints (Write, Edit, NotebookEdit — not Bash, recorded case 42), reached the way
 * recorded case 41b shows works: a new process resumes the session and only sends `rewind_files` control
 * requests. It makes no API request, so it needs no wall, no MCP config and no tools.
 */

/** How to start the CLI (the same binary, PATH and key a turn uses). */
export interface CliLaunch {
  file: string;
  prefixArgs?: string[];
  env: NodeJS.ProcessEnv;
}

export interface CliCheckpointTarget {
  /** The folder the session's turns ran in: the CLI finds the session by it. */
  projectDir: string;
  sessionId: string;
  /** The uuid of the replayed prompt the checkpoint is keyed by (AssistantMessage.cli.userUuid). */
  userMessageUuid: string;
}

export interface CliRewindAnswer {
  canRewind: boolean;
  /** Absolute paths (case 40: `filesChanged`). */
  files: string[];
  insertions?: number;
  deletions?: number;
  /** Why not, in the CLI's words, when it refused. */
  error?: string;
}

export interface CliCheckpointsDeps {
  launch: () => Promise<CliLaunch>;
  spawner?: Spawner;
  killGroup?: GroupKiller | null;
  /** A control-only process answers in well under a second (case 41b); this bounds a hung one. */
  timeoutMs?: number;
}

export class CliCheckpoints {
  constructor(private readonly deps: CliCheckpointsDeps) {}

  /** What rewinding to before the message would restore; nothing is changed. */
  async dryRun(target: CliCheckpointTarget): Promise<CliRewindAnswer> {
    return this.withProcess(target, (ask) => ask(true));
  }

  /**
   * Restore the files. The dry run comes first in the same process, and `beforeRestore` gets its list so the
   * caller can keep the files as they are now (a rewind can be undone) before the CLI overwrites them.
   */
  async rewind(
    target: CliCheckpointTarget,
    beforeRestore: (files: string[]) => Promise<void> = async () => {},
  ): Promise<CliRewindAnswer> {
    return this.withProcess(target, async (ask) => {
      const dry = await ask(true);
      if (!dry.canRewind || dry.files.length === 0) return dry;
      await beforeRestore(dry.files);
      const real = await ask(false);
      return real.canRewind ? { ...dry, canRewind: true } : real;
    });
  }

  private async withProcess(
    target: CliCheckpointTarget,
    body: (ask: (dryRun: boolean) => Promise<CliRewindAnswer>) => Promise<CliRewindAnswer>,
  ): Promise<CliRewindAnswer> {
    const launch = await this.deps.launch();
    // The recorded argv of case 41b: headless stream-json, resumed, nothing sent but control requests.
    const args = [
      ...(launch.prefixArgs ?? []),
      ...HEADLESS_STREAM_JSON_ARGS,
      '--permission-mode',
      'acceptEdits',
      REPLAY_USER_MESSAGES_ARG,
      '--resume',
      target.sessionId,
    ];
    const env = { ...launch.env, CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'true' };
    const client = new ControlClient({
      file: launch.file,
      args,
      cwd: target.projectDir,
      env,
      spawner: this.deps.spawner ?? spawnInOwnGroup,
      killGroup: this.deps.killGroup ?? null,
      describeEnd: (exit) =>
        exit.startError
          ? `Claude Code could not be started: ${exit.startError.message}`
          : `Claude Code stopped (exit ${exit.code ?? 'signal'}). ${tail(exit.stderrTail)}`.trim(),
    });
    // A hung process is ended at once: nothing it could still say is worth waiting for.
    const deadline = setTimeout(() => client.kill('SIGKILL'), this.deps.timeoutMs ?? 60_000);

    const ask = async (dryRun: boolean): Promise<CliRewindAnswer> => {
      const request = {
        subtype: 'rewind_files',
        user_message_id: target.userMessageUuid,
        ...(dryRun ? { dry_run: true } : {}),
      };
      // No bound of its own: the process's deadline above ends a request that is never answered.
      const r = await client.request(request, { prefix: 'rw', timeoutMs: NO_REQUEST_TIMEOUT });
      if (!r.ok) return { canRewind: false, files: [], error: r.error ?? 'Claude Code refused the rewind.' };
      return parse(r.response ?? {});
    };
    try {
      return await body(ask);
    } finally {
      // The CLI ends when its input ends (case 41b: exit 0 right after the last answer).
      client.endInput();
      await client.exited;
      clearTimeout(deadline);
    }
  }
}

/** Longer than any deadline a caller sets (timers cap at 2^31 - 1 ms). */
const NO_REQUEST_TIMEOUT = 2 ** 31 - 1;

function parse(a: Json): CliRewindAnswer {
  const files = Array.isArray(a.filesChanged) ? a.filesChanged.filter((f): f is string => typeof f === 'string') : [];
  return {
    canRewind: a.canRewind === true,
    files,
    ...(typeof a.insertions === 'number' ? { insertions: a.insertions } : {}),
    ...(typeof a.deletions === 'number' ? { deletions: a.deletions } : {}),
    ...(typeof a.error === 'string' ? { error: a.error } : {}),
  };
}

function tail(stderr: string): string {
  const lines = stderr.trim().split('\n');
  return lines.slice(-3).join(' ').slice(0, 300);
}
