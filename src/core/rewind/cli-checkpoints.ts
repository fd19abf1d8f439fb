import { randomUUID } from 'node:crypto';
import { HEADLESS_STREAM_JSON_ARGS, REPLAY_USER_MESSAGES_ARG } from '../turn/build-turn-args';
import { type Json, isObject } from '../claude-code-wire/cli-json';
import { parseControlResponse } from '../claude-code-wire/control-protocol';
import { JsonlReader } from '../claude-code-wire/jsonl-reader';
import {
  type GroupKiller,
  type SpawnedProcess,
  type Spawner,
  spawnInOwnGroup,
} from '../claude-code-wire/spawned-process';

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
    const proc = (this.deps.spawner ?? spawnInOwnGroup)(launch.file, args, { cwd: target.projectDir, env });
    const waiting = new Map<string, (value: Json | Error) => void>();
    let stderr = '';
    const exited = new Promise<void>((resolve) => {
      const done = (why: string) => {
        for (const settle of waiting.values()) settle(new Error(why));
        waiting.clear();
        resolve();
      };
      proc.on('exit', (code) => done(`Claude Code stopped (exit ${code ?? 'signal'}). ${tail(stderr)}`.trim()));
      proc.on('error', (err) => done(`Claude Code could not be started: ${err.message}`));
    });
    const reader = new JsonlReader({
      onValue: (value) => {
        if (!isObject(value)) return;
        const r = parseControlResponse(value);
        if (!r) return;
        const settle = waiting.get(r.requestId);
        waiting.delete(r.requestId);
        settle?.(r.ok ? (r.response ?? {}) : new Error(r.error ?? 'Claude Code refused the rewind.'));
      },
    });
    proc.stdout?.on('data', (chunk: Buffer) => reader.push(chunk));
    proc.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
    const timer = setTimeout(() => stop(proc, this.deps.killGroup), this.deps.timeoutMs ?? 60_000);

    const ask = (dryRun: boolean): Promise<CliRewindAnswer> => {
      const id = `rw-${randomUUID()}`;
      const answer = new Promise<Json | Error>((resolve) => waiting.set(id, resolve));
      const request = {
        subtype: 'rewind_files',
        user_message_id: target.userMessageUuid,
        ...(dryRun ? { dry_run: true } : {}),
      };
      proc.stdin?.write(`${JSON.stringify({ type: 'control_request', request_id: id, request })}\n`);
      return answer.then((a) => (a instanceof Error ? { canRewind: false, files: [], error: a.message } : parse(a)));
    };
    try {
      return await body(ask);
    } finally {
      // The CLI ends when its input ends (case 41b: exit 0 right after the last answer).
      proc.stdin?.end();
      await exited;
      clearTimeout(timer);
    }
  }
}

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

function stop(proc: SpawnedProcess, killGroup: GroupKiller | null | undefined): void {
  if (proc.exitCode !== null) return;
  if (killGroup && proc.pid) killGroup(proc.pid, 'SIGKILL');
  else proc.kill('SIGKILL');
}
