import { createHash } from 'node:crypto';
import { maskLiveArgs } from './kept-process';

/** What a CLI process is started with, as planned in memory (the scratch dir's path a stand-in). */
export interface SpawnShape {
  file: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  files: Readonly<Record<string, string>>;
  /** What its `initialize` hands over (MCP servers with their tokens): hashed like the files. */
  mcpServers?: Readonly<Record<string, unknown>>;
}

/**
 * Digests of everything a CLI process is started with: file, argv, cwd, env, the CONTENT of the files in its
 * scratch dir (system prompt, a Seatbelt profile, an older CLI's MCP config) and the MCP servers its `initialize`
 * hands over (with their token). Planned in memory, two plans for
 * the same turn are equal — the scratch dir is a stand-in in both; any other difference (model, permission mode,
 * session flag, key, MCP token, prompt, wall) changes `fingerprint`, so a warm process is used only when it is
 * indistinguishable from a fresh spawn. `keptFingerprint` leaves out the session flag and what a control request
 * switches live (model, permission mode): what a process kept after its answer must match. Secrets are hashed,
 * never kept.
 */
export function spawnFingerprints(shape: SpawnShape): { fingerprint: string; keptFingerprint: string } {
  const files = Object.entries(shape.files)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, content]) => [name, sha256(content)]);
  const env = Object.entries(shape.env)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Everything but the argv is serialized and hashed once, for both digests (every turn's first token waits here;
  // the environment is most of it). JSON arrays in a fixed order: no part can be mistaken for another.
  const servers = shape.mcpServers ? sha256(JSON.stringify(shape.mcpServers)) : null;
  const common = createHash('sha256').update(JSON.stringify([shape.file, shape.cwd, env, files, servers]));
  const digest = (args: readonly string[]) => common.copy().update(JSON.stringify(args)).digest('hex');
  return { fingerprint: digest(shape.args), keptFingerprint: digest(maskLiveArgs(shape.args)) };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
