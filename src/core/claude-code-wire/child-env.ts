import type { TurnCredential } from '../../shared/turn-events';
import { pathKey } from '../claude-code/path-list';

export interface ChildEnvInput {
  /** The app's own environment (process.env in production). */
  baseEnv: NodeJS.ProcessEnv;
  /** The key saved in Settings, if any. */
  savedApiKey?: string;
  /**
   * The PATH the child gets, whole: CliService.childPathEnv (the CLI's folder and the user's bins first, the
   * inherited entries kept — a desktop launch gets a minimal PATH). Absent: the app's own.
   */
  pathEnv?: string;
  platform?: NodeJS.Platform;
}

/** The credential buildChildEnv hands the CLI (same order): the environment's key wins over a saved one. */
export function turnCredential(baseEnv: NodeJS.ProcessEnv, savedApiKey: string | undefined): TurnCredential {
  if (baseEnv.ANTHROPIC_API_KEY?.trim()) return 'env_api_key';
  return savedApiKey ? 'saved_api_key' : 'cli_login';
}

/**
 * The child's environment. Auth order (seed): ANTHROPIC_API_KEY from the environment, else the saved
 * key, else removed so the CLI uses its own login. IS_SANDBOX is passed through if the user set it but
 * never added by us (the root refusal must stay the user's decision, case 26c).
 */
export function buildChildEnv(input: ChildEnvInput): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...input.baseEnv };
  const fromEnv = env.ANTHROPIC_API_KEY?.trim();
  if (fromEnv) env.ANTHROPIC_API_KEY = fromEnv;
  else if (input.savedApiKey) env.ANTHROPIC_API_KEY = input.savedApiKey;
  else delete env.ANTHROPIC_API_KEY;
  // Started from inside a Claude Code session, the CLI would take itself for a nested session.
  delete env.CLAUDECODE;
  const platform = input.platform ?? process.platform;
  // Windows spells it `Path`: set the key that is there instead of adding a second one.
  if (input.pathEnv) env[pathKey(env, platform)] = input.pathEnv;
  return env;
}
