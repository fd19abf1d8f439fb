import * as z from 'zod';
import { modelRoutingSchema as modelString } from '../../shared/model-routing';
import {
  DEFAULT_SETTINGS,
  permissionModeSchema,
  settingsPatchSchema,
  themeSchema,
  toolPolicySchema,
  type AppSettings,
  type PermissionMode,
  type Theme,
  type ToolPolicy,
} from '../../shared/settings';
import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';

/** What the settings store needs from the key store (structural, so tests can pass a stub). */
export interface ApiKeyStatus {
  has(): boolean;
  storage(): 'encrypted' | 'memory';
}

export interface SettingsStoreOptions {
  /** The layout's `settingsFile`: `<stateDir>/claude_code_settings.json`. */
  file: string;
  env?: NodeJS.ProcessEnv;
  keyStore?: ApiKeyStatus;
  onWarning?: (message: string) => void;
}

export const PERMISSION_MODE_ENV = 'CLAUDE_DESK_PERMISSION_MODE';

/** Accepted spellings of the env override; `default` is the CLI's name for "ask first". */
const ENV_MODES: Record<string, PermissionMode> = {
  acceptedits: 'acceptEdits',
  ask: 'ask',
  plan: 'plan',
  default: 'ask',
  bypass: 'bypassPermissions',
  bypasspermissions: 'bypassPermissions',
  full: 'bypassPermissions',
};

export function parsePermissionModeEnv(raw: string | undefined): PermissionMode | undefined {
  if (raw === undefined) return undefined;
  return ENV_MODES[raw.trim().toLowerCase()];
}

/** Exactly what is kept on disk: the posture the user chose, never the env override or key status. */
interface PersistedSettings {
  permissionMode: PermissionMode;
  defaultModel?: string;
  toolPolicy?: ToolPolicy;
  /** History: keep compressed copies of Claude Code's sessions. Absent = on. */
  keepSessionCopies?: boolean;
  includeUserMcpServers?: boolean;
  theme?: Theme;
  /** New threads in a git project get their own worktree. Absent = on. */
  newThreadWorktree?: boolean;
}

export class SettingsLockedError extends Error {}
export class SettingsValidationError extends Error {}

export class SettingsStore {
  private saved: PersistedSettings;
  private readonly lock: { mode: PermissionMode; by: string } | undefined;
  private readonly listeners = new Set<(s: AppSettings) => void>();
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly options: SettingsStoreOptions,
    saved: PersistedSettings,
  ) {
    this.saved = saved;
    const env = options.env ?? process.env;
    const raw = env[PERMISSION_MODE_ENV];
    const mode = parsePermissionModeEnv(raw);
    if (raw !== undefined && raw.trim() !== '' && !mode) {
      options.onWarning?.(
        `${PERMISSION_MODE_ENV}=${raw} is not one of acceptEdits, ask, default, plan, bypass, bypassPermissions, full; ignored.`,
      );
    }
    this.lock = mode ? { mode, by: `${PERMISSION_MODE_ENV}=${raw?.trim()}` } : undefined;
  }

  static async open(options: SettingsStoreOptions): Promise<SettingsStore> {
    const raw = await readJsonOrDefault(options.file, {}, options.onWarning);
    return new SettingsStore(options, parsePersisted(raw, options.onWarning));
  }

  get(): AppSettings {
    const key = this.options.keyStore;
    const s: AppSettings = {
      ...DEFAULT_SETTINGS,
      permissionMode: this.lock?.mode ?? this.saved.permissionMode,
      toolPolicy: this.saved.toolPolicy ?? DEFAULT_SETTINGS.toolPolicy,
      keepSessionCopies: this.saved.keepSessionCopies ?? DEFAULT_SETTINGS.keepSessionCopies,
      includeUserMcpServers: this.saved.includeUserMcpServers ?? DEFAULT_SETTINGS.includeUserMcpServers,
      theme: this.saved.theme ?? DEFAULT_SETTINGS.theme,
      newThreadWorktree: this.saved.newThreadWorktree ?? DEFAULT_SETTINGS.newThreadWorktree,
      hasSavedApiKey: key?.has() ?? false,
      apiKeyStorage: key?.storage() ?? 'unavailable',
    };
    if (this.saved.defaultModel) s.defaultModel = this.saved.defaultModel;
    if (this.lock) s.permissionModeLockedBy = this.lock.by;
    return s;
  }

  /** Validate, persist atomically, notify. Throws SettingsValidationError (a readable sentence) or SettingsLockedError. */
  async update(patch: unknown): Promise<AppSettings> {
    const parsed = settingsPatchSchema.safeParse(patch);
    // The message reaches the settings dialog: a sentence, not zod's issue array as JSON.
    if (!parsed.success) throw new SettingsValidationError(`Settings not saved: ${z.prettifyError(parsed.error)}`);
    const p = parsed.data;
    if (p.permissionMode !== undefined && this.lock && p.permissionMode !== this.lock.mode) {
      throw new SettingsLockedError(
        `The permission mode is locked to ${this.lock.mode} by ${this.lock.by}; unset it to change the mode here.`,
      );
    }
    // Serialized, and memory changes only after the file did: a failed write leaves both as they were.
    const run = this.writes.then(async () => {
      const next: PersistedSettings = { ...this.saved };
      // Under a lock the file keeps the user's own choice, so removing the env var restores it.
      if (p.permissionMode !== undefined && !this.lock) next.permissionMode = p.permissionMode;
      if (p.toolPolicy !== undefined) next.toolPolicy = p.toolPolicy;
      if (p.keepSessionCopies !== undefined) next.keepSessionCopies = p.keepSessionCopies;
      if (p.includeUserMcpServers !== undefined) next.includeUserMcpServers = p.includeUserMcpServers;
      if (p.theme !== undefined) next.theme = p.theme;
      if (p.newThreadWorktree !== undefined) next.newThreadWorktree = p.newThreadWorktree;
      if (p.defaultModel === '') delete next.defaultModel;
      else if (p.defaultModel !== undefined) next.defaultModel = p.defaultModel;
      await writeJsonAtomic(this.options.file, next);
      this.saved = next;
    });
    this.writes = run.catch(() => {});
    await run;
    this.notify();
    return this.get();
  }

  /** Re-announce (e.g. after the API key changed: hasSavedApiKey is part of the settings view). */
  notify(): void {
    const settings = this.get();
    for (const cb of [...this.listeners]) cb(settings);
  }

  onChange(cb: (settings: AppSettings) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }
}

/** Field by field: one bad value falls back to its default with a warning instead of discarding the file. */
function parsePersisted(raw: unknown, onWarning?: (m: string) => void): PersistedSettings {
  const obj = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (obj !== raw) onWarning?.('claude_code_settings.json did not hold an object; using defaults.');
  const out: PersistedSettings = { permissionMode: DEFAULT_SETTINGS.permissionMode };
  const fields = [
    ['permissionMode', permissionModeSchema],
    ['toolPolicy', toolPolicySchema],
    ['includeUserMcpServers', z.boolean()],
    ['defaultModel', modelString.min(1)],
    ['keepSessionCopies', z.boolean()],
    ['theme', themeSchema],
    ['newThreadWorktree', z.boolean()],
  ] as const;
  for (const [name, schema] of fields) {
    if (obj[name] === undefined) continue;
    const r = schema.safeParse(obj[name]);
    if (r.success) (out as unknown as Record<string, unknown>)[name] = r.data;
    else onWarning?.(`claude_code_settings.json: ignoring invalid ${name} ${JSON.stringify(obj[name])}.`);
  }
  return out;
}
