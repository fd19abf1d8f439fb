import fs from 'node:fs/promises';
import { resolveDataDir, type DataDirLayout } from '../../core/store/data-dir';
import { ApiKeyStore, type SecretCipher } from '../../core/store/api-key-store';
import { SecretRedactor } from '../../core/log/redact';
import { CliService } from '../../core/claude-code/cli-service';

export interface EarlyStartOptions {
  env?: NodeJS.ProcessEnv;
  /** Explicit data dir (Electron passes app.getPath('userData')); CLAUDE_DESK_DATA_DIR still wins. */
  dataDir?: string;
  /** OS-keychain encryption for a saved API key (Electron safeStorage); absent → memory only. */
  cipher?: SecretCipher;
}

/** What the Claude Code probes need, and nothing the rest of the foundation loads (zod, Settings, the log). */
export interface EarlyStart {
  env: NodeJS.ProcessEnv;
  layout: DataDirLayout;
  redactor: SecretRedactor;
  cli: CliService;
  /** The saved key, opened beside the probes: the auth probe waits for it only when the env has no key. */
  apiKey: Promise<ApiKeyStore>;
  /** Where the key store's warnings go once the log exists; those that came earlier are handed over then. */
  connectWarnings(warn: (message: string) => void): void;
}

/**
 * The first step of every foundation, kept in a module of its own so `claude-desk status` can start the two
 * Claude Code probes (`claude --version`, `claude auth status`) before the rest of the app is even loaded: they
 * are most of what the command waits for.
 */
export function startEarly(opts: EarlyStartOptions): EarlyStart {
  const env = opts.env ?? process.env;
  const layout = resolveDataDir({
    env: opts.dataDir && !env.CLAUDE_DESK_DATA_DIR ? { ...env, CLAUDE_DESK_DATA_DIR: opts.dataDir } : env,
  });
  // One registry of this run's secrets: the log, turn errors (so the thread log) and front doors scrub through it.
  const redactor = new SecretRedactor();
  const early: string[] = [];
  let warnTo: ((message: string) => void) | undefined;
  const onWarning = (message: string): void => void (warnTo ? warnTo(message) : early.push(message));
  const apiKey = (async () => {
    await fs.mkdir(layout.stateDir, { recursive: true, mode: 0o700 });
    await fs.mkdir(layout.workspaceDir, { recursive: true });
    return ApiKeyStore.open({
      file: `${layout.stateDir}/api-key.bin`,
      cipher: opts.cipher,
      onWarning,
      onSecret: (k) => redactor.add(k),
    });
  })();
  apiKey.catch(() => undefined); // the foundation awaits it; a probe that never asks must not reject unhandled
  // The auth probe gets a saved key in its environment, so the status card reports what a turn will use.
  const cli = new CliService({
    env,
    savedKey: {
      hasSavedApiKey: async () => (await apiKey).has(),
      readSavedApiKey: async () => (await apiKey).get() ?? null,
    },
  });
  return {
    env,
    layout,
    redactor,
    cli,
    apiKey,
    connectWarnings(warn) {
      warnTo = warn;
      for (const message of early.splice(0)) warn(message);
    },
  };
}
