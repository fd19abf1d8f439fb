import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Enough of a transcript's end to hold its last few lines (a tool result line may be long: then it is read again). */
const TAIL_BYTES = 64 * 1024;

/**
 * Where Claude Code keeps a session's transcript for a process started with `env` in `cwd`:
 * `<CLAUDE_CONFIG_DIR or ~/.claude>/projects/<cwd with every non-alphanumeric as ->/<session>.jsonl` (recorded case 13;
 * the History reads the same place, core/history/cli-projects-dir.ts).
 */
export function transcriptPath(sessionId: string, cwd: string, env: NodeJS.ProcessEnv): string {
  const home = env.HOME || env.USERPROFILE || os.homedir();
  const config = env.CLAUDE_CONFIG_DIR ? path.resolve(env.CLAUDE_CONFIG_DIR) : path.join(home, '.claude');
  return path.join(config, 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'), `${sessionId}.jsonl`);
}

/**
 * What a session's conversation is now, in one string: the uuid of its last user or assistant line. A turn anywhere
 * else (`claude --resume` in a terminal, another app) appends lines with new uuids, so two stamps differ exactly when
 * the conversation moved on; the CLI's own bookkeeping lines after an answer (no uuid, or of another type) do not
 * count. Undefined when there is no transcript (yet).
 */
export async function transcriptStamp(file: string): Promise<string | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const { size } = await handle.stat();
    for (let span = Math.min(size, TAIL_BYTES); ; span = Math.min(size, span * 4)) {
      const buf = Buffer.alloc(span);
      await handle.read(buf, 0, span, size - span);
      const lines = buf.toString('utf8').split('\n');
      if (span < size) lines.shift(); // cut in the middle
      for (const line of lines.reverse()) {
        const id = conversationLineId(line);
        if (id) return id;
      }
      if (span >= size) return `empty:${size}`;
    }
  } finally {
    await handle.close();
  }
}

function conversationLineId(line: string): string | undefined {
  if (!line.includes('"uuid"')) return undefined;
  try {
    const value = JSON.parse(line) as { type?: unknown; uuid?: unknown };
    return (value.type === 'user' || value.type === 'assistant') && typeof value.uuid === 'string'
      ? value.uuid
      : undefined;
  } catch {
    return undefined; // a line still being written
  }
}
