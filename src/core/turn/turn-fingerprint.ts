import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SpawnPlan } from './spawn-plan';

const SCRATCH = '\u0000scratch\u0000';

/**
 * A digest of everything a CLI process is started with: file, argv, cwd, env, and the CONTENT of the
 * files in its scratch dir (MCP config with its token, system prompt, a Seatbelt profile). Two plans
 * built for the same turn differ only in the scratch dir's random name, which is masked out; any other
 * difference — model, permission mode, session flag, key, MCP token, prompt, wall — changes the digest,
 * so a warm process is used only when it is indistinguishable from a fresh spawn.
 * Secrets are hashed, never kept.
 */
export async function fingerprintPlan(
  plan: Pick<SpawnPlan, 'file' | 'args' | 'cwd' | 'env' | 'scratch'>,
): Promise<string> {
  const dirs = [plan.scratch.dir];
  const real = await fs.realpath(plan.scratch.dir).catch(() => plan.scratch.dir);
  if (real !== plan.scratch.dir) dirs.push(real); // macOS: /var/… vs /private/var/… in a wrapper's argv
  const mask = (s: string): string => dirs.reduce((acc, d) => acc.split(d).join(SCRATCH), s);

  const files: [string, string][] = [];
  const entries = await fs.readdir(plan.scratch.dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isFile()) continue;
    const content = await fs.readFile(path.join(plan.scratch.dir, entry.name), 'utf8');
    files.push([entry.name, sha256(mask(content))]);
  }
  const env = Object.entries(plan.env)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify({ file: plan.file, args: plan.args.map(mask), cwd: plan.cwd, env, files }));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
