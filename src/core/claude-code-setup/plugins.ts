import { isObject } from '../claude-code-wire/cli-json';
import type { PluginView } from '../../shared/claude-code-setup';

/** One `claude plugin …` subcommand run to its end (the app builds it from the launch settings). */
export type PluginCommand = (args: string[]) => Promise<{ exitCode?: number; stdout: string; stderr: string }>;

/**
 * Claude Code's own failure, as one sentence: its `✘ …` line (recorded case 49: an offline install says "Anthropic
 * Directory is unavailable: it could not be reached; check your network connection").
 */
export function pluginFailure(what: string, out: { exitCode?: number; stdout: string; stderr: string }): Error {
  const line = `${out.stderr}\n${out.stdout}`
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('✘'));
  const said = line ? line.replace(/^✘\s*/, '') : out.stderr.trim().split('\n')[0] || `exit code ${out.exitCode}`;
  return new Error(`${what}: ${said.length > 400 ? `${said.slice(0, 400)}…` : said}`);
}

/** `plugin details <id>`'s "Component inventory": what the plugin adds (skills, agents, hooks, MCP servers…). */
export function parseInventory(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === 'Component inventory');
  if (start < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.trim()) break;
    const m = /^\s*(.+?)\s+\((\d+)\)\s*(.*)$/.exec(line);
    if (m && m[2] !== '0') out.push(`${m[1]} (${m[2]}): ${m[3]!.replace(/\s{2,}/g, ' · ')}`.replace(/: $/, ''));
  }
  return out;
}

/** `plugin details <id>`'s "Description:" line (case 64: a built-in plugin's fuller account of itself). */
export function parseDescription(text: string): string | undefined {
  const line = text.split('\n').find((l) => /^\s*Description:\s/.test(l));
  return line?.replace(/^\s*Description:\s*/, '').trim() || undefined;
}

/** The marketplace name Claude Code gives the plugins that are part of it (case 64). */
const BUILT_IN_MARKETPLACE = 'builtin';

/** Installed plugins (`plugin list --json`, cases 49, 64), each with what it adds (`plugin details`). */
export async function listPlugins(run: PluginCommand): Promise<PluginView[]> {
  const out = await run(['plugin', 'list', '--json']);
  if (out.exitCode !== 0) throw pluginFailure('Claude Code could not list its plugins', out);
  let parsed: unknown;
  try {
    parsed = JSON.parse(out.stdout);
  } catch {
    throw new Error('Claude Code answered `plugin list --json` with something that is not JSON.');
  }
  const plugins = (Array.isArray(parsed) ? parsed : []).filter(isObject).flatMap((p): PluginView[] => {
    if (typeof p.id !== 'string') return [];
    const text = (key: string) => (typeof p[key] === 'string' && p[key].trim() ? { [key]: p[key].trim() } : {});
    // "unknown" is Claude Code saying it has none (every built-in): no version is shown rather than that word.
    const version = typeof p.version === 'string' && p.version !== 'unknown' ? { version: p.version } : {};
    return [
      {
        id: p.id,
        enabled: p.enabled === true,
        ...(typeof p.scope === 'string' ? { scope: p.scope } : {}),
        ...version,
        ...(typeof p.installPath === 'string' ? { path: p.installPath } : {}),
        ...(p.id.endsWith(`@${BUILT_IN_MARKETPLACE}`) ? { builtIn: true } : {}),
        ...text('displayName'),
        ...text('summary'),
        adds: [],
      },
    ];
  });
  await Promise.all(
    plugins.map(async (p) => {
      const details = await run(['plugin', 'details', p.id]).catch(() => undefined);
      if (details?.exitCode !== 0) return;
      p.adds = parseInventory(details.stdout);
      const description = parseDescription(details.stdout);
      if (description) p.description = description;
    }),
  );
  return plugins;
}

/** Turn a plugin on or off (`plugin enable|disable`, written by Claude Code to the settings' `enabledPlugins`). */
export async function setPluginEnabled(run: PluginCommand, id: string, enabled: boolean): Promise<void> {
  const out = await run(['plugin', enabled ? 'enable' : 'disable', id]);
  if (out.exitCode !== 0) throw pluginFailure(`Could not turn ${id} ${enabled ? 'on' : 'off'}`, out);
}

/** Install from a marketplace; offline, Claude Code's own sentence says the marketplace cannot be reached. */
export async function installPlugin(run: PluginCommand, id: string): Promise<void> {
  const out = await run(['plugin', 'install', id]);
  if (out.exitCode !== 0) throw pluginFailure(`Could not install ${id}`, out);
}
