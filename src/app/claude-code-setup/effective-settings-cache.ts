import fs from 'node:fs/promises';
import type { EffectiveSettingsView } from '../../shared/claude-code-setup';
import type { Spawner } from '../../core/claude-code-wire/spawned-process';
import { probeEffectiveSettings } from '../../core/claude-code-setup/effective-settings';
import { type SetupRoots, settingsFilePaths } from '../../core/claude-code-setup/setup-paths';
import { HEADLESS_STREAM_JSON_ARGS } from '../../core/claude-code-wire/headless-args';
import type { ClaudeCodeLauncher } from '../settings/claude-code-launch';

export interface EffectiveSettingsDeps {
  launcher: Pick<ClaudeCodeLauncher, 'withEnv'>;
  spawner: Spawner;
  /** The probe itself (a test counts the CLI starts). */
  probe?: typeof probeEffectiveSettings;
}

/** The settings files as they are now: a change to any of them (here or in an editor) asks Claude Code again. */
async function fingerprint(roots: SetupRoots): Promise<string> {
  const stats = await Promise.all(
    settingsFilePaths(roots).map(({ path }) =>
      fs.stat(path).then(
        (s) => `${path}:${s.mtimeMs}:${s.size}`,
        () => `${path}:-`,
      ),
    ),
  );
  return stats.join('\n');
}

/**
 * What Claude Code reports in force per folder, asked once (one CLI start, ~0.3–0.5 s: recorded cases 52–52c) and
 * kept until a settings file changes — so opening the Permission rules page again costs nothing, and an edit (or an
 * editor's save) is seen on the next look. A failure is not kept: the next look asks again.
 */
export class EffectiveSettingsCache {
  private readonly byFolder = new Map<string, { key: string; value: Promise<EffectiveSettingsView> }>();
  /** Probes that answered and are still ending. */
  private readonly ending = new Set<Promise<unknown>>();

  constructor(private readonly deps: EffectiveSettingsDeps) {}

  async get(roots: SetupRoots, cwd: string): Promise<EffectiveSettingsView> {
    const key = await fingerprint(roots);
    const hit = this.byFolder.get(cwd);
    if (hit?.key === key) return hit.value;
    const value = this.ask(cwd);
    const entry = { key, value };
    this.byFolder.set(cwd, entry);
    value.catch(() => {
      if (this.byFolder.get(cwd) === entry) this.byFolder.delete(cwd);
    });
    return value;
  }

  /** A file was written here: the next look asks again even if its time stamp did not move. */
  invalidate(): void {
    this.byFolder.clear();
  }

  /**
   * Every probe that answered has ended (stdin closed, a SIGTERM 2 s later at most) — for shutdown, and a test removing
   * the HOME it ran in. One still waiting for its answer is not waited for: its stdin closes with the app, which
   * ends it (recorded case 11e).
   */
  async close(): Promise<void> {
    await Promise.all(this.ending);
  }

  private async ask(cwd: string): Promise<EffectiveSettingsView> {
    const launch = await this.deps.launcher.withEnv();
    // `--strict-mcp-config` without a config: no MCP server is started only to read the settings.
    const args = [...(launch.prefixArgs ?? []), ...HEADLESS_STREAM_JSON_ARGS, '--strict-mcp-config'];
    const probe = this.deps.probe ?? probeEffectiveSettings;
    const onClosing = (ended: Promise<unknown>) => {
      this.ending.add(ended);
      void ended.finally(() => this.ending.delete(ended));
    };
    return probe({ file: launch.file, args, cwd, env: launch.env, spawner: this.deps.spawner, onClosing });
  }
}
