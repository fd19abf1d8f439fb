import {
  TERMINAL_ONLY_COMMANDS,
  type ComposerCatalog,
  type ModelChoice,
  type SlashCommand,
} from '../../shared/composer';
import { isObject, str, type Json } from '../claude-code-wire/cli-json';
import { ControlClient } from '../claude-code-wire/control-client';
import { HEADLESS_STREAM_JSON_ARGS } from '../claude-code-wire/headless-args';
import type { Spawner } from '../claude-code-wire/spawned-process';
import { NATIVE_COMMANDS, NATIVE_NAMES, CURATED_MODELS } from './native-commands';

export const CATALOG_TIMEOUT_MS = 15_000;

export interface ProbeCatalogInput {
  file: string;
  prefixArgs?: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  spawner: Spawner;
  timeoutMs?: number;
}

/**
 * Ask the CLI what it offers in a folder: a process started in it answers `initialize` with its commands
 * (custom ones included, with description and argument hint) and its models, before any user line and
 * without an API call (recorded cases 24 and 30). Closing stdin then ends it with no output (case 11e).
 * `--strict-mcp-config` without a config: no MCP server is started just to list commands.
 */
export async function probeCatalog(input: ProbeCatalogInput): Promise<ComposerCatalog> {
  const args = [...(input.prefixArgs ?? []), ...HEADLESS_STREAM_JSON_ARGS, '--strict-mcp-config'];
  const client = new ControlClient({
    file: input.file,
    args,
    cwd: input.cwd,
    env: input.env,
    spawner: input.spawner,
    describeEnd: (exit) =>
      exit.startError
        ? `Claude Code could not be started: ${exit.startError.message}`
        : 'Claude Code exited before listing its commands.',
  });
  const result = await client.request(
    { subtype: 'initialize' },
    {
      requestId: 'catalog-1',
      timeoutMs: input.timeoutMs ?? CATALOG_TIMEOUT_MS,
      timeoutError: 'Claude Code did not list its commands in time.',
    },
  );
  // It exits by itself once stdin closes; a SIGTERM only if it is still there a moment later.
  void client.close({ graceMs: 2_000, signals: ['SIGTERM'] });
  return result.ok
    ? catalogFromInitialize(result.response ?? {})
    : fallbackCatalog(result.error ?? 'Claude Code refused to list its commands.');
}

/** The catalog when the CLI could not be asked: Claude Desk's own commands and a short list of models. */
export function fallbackCatalog(problem: string): ComposerCatalog {
  return { commands: [...NATIVE_COMMANDS], models: [...CURATED_MODELS], problem };
}

const SOURCE_SUFFIX = /\s*\((project|user)\)$/;

/** Case 30's `initialize` response → the picker's lists. Native commands replace the CLI's of the same name. */
export function catalogFromInitialize(response: Json): ComposerCatalog {
  const commands: SlashCommand[] = [...NATIVE_COMMANDS];
  const raw = Array.isArray(response.commands) ? response.commands.filter(isObject) : [];
  for (const c of raw) {
    const name = str(c.name);
    // `__remote-workflow` and the like are internal.
    if (!name || name.startsWith('_') || NATIVE_NAMES.has(name)) continue;
    const described = str(c.description) ?? '';
    const source = SOURCE_SUFFIX.exec(described)?.[1] as 'project' | 'user' | undefined;
    // A built-in that only acts in Claude Code's terminal (case 31x) is not offered; a custom one of that name is.
    if (!source && Object.hasOwn(TERMINAL_ONLY_COMMANDS, name)) continue;
    const hint = str(c.argumentHint);
    commands.push({
      name,
      description: described.replace(SOURCE_SUFFIX, ''),
      ...(hint ? { argumentHint: hint } : {}),
      kind: 'cli',
      source: source ?? 'builtin',
    });
  }
  const models: ModelChoice[] = (Array.isArray(response.models) ? response.models.filter(isObject) : []).flatMap(
    (m) => {
      const value = str(m.value);
      return value ? [{ value, displayName: str(m.displayName) ?? value, description: str(m.description) }] : [];
    },
  );
  return { commands, models: models.length > 0 ? models : [...CURATED_MODELS] };
}
