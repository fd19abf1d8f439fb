/** User settings (private state, see core/store). */

/** The app's posture. `ask` and the approval flow come with the interactive-approval work. */
export const PERMISSION_MODES = ['plan', 'ask', 'acceptEdits', 'bypassPermissions'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];
export type ToolPolicy = 'all' | 'read-only' | 'none';

export interface AppSettings {
  permissionMode: PermissionMode;
  /** Set when CLAUDE_DESK_PERMISSION_MODE locks the mode; the UI disables the toggle and shows this. */
  permissionModeLockedBy?: string;
  defaultModel?: string;
  toolPolicy: ToolPolicy;
  /** History: Claude Desk keeps a compressed copy of every Claude Code session it indexed (never lost). */
  keepSessionCopies: boolean;
  /**
   * Turns also get the MCP servers the user configured for Claude Code (`~/.claude.json`, a project's `.mcp.json`)
   * beside Claude Desk's own; off = `--strict-mcp-config`, only Claude Desk's (recorded cases 34a/34b).
   */
  includeUserMcpServers: boolean;
  /** Whether an API key is saved (the key itself never leaves main). */
  hasSavedApiKey: boolean;
  /** Where a saved key lives: encrypted with the OS keychain, or in memory only (browser mode). */
  apiKeyStorage: 'encrypted' | 'memory' | 'unavailable';
}

export const DEFAULT_SETTINGS: AppSettings = {
  permissionMode: 'acceptEdits',
  toolPolicy: 'all',
  keepSessionCopies: true,
  includeUserMcpServers: true,
  hasSavedApiKey: false,
  apiKeyStorage: 'unavailable',
};

/** The thread's own mode, if its settings hold a known one (a log is not validated when read). */
export function ownPermissionMode(thread: { permissionMode?: string } | undefined): PermissionMode | undefined {
  const own = thread?.permissionMode;
  return (PERMISSION_MODES as readonly string[]).includes(own ?? '') ? (own as PermissionMode) : undefined;
}

/**
 * The mode a thread's turns run in. Claude Code keeps a mode per session, so each thread has its own (stamped
 * from Settings when it is made); the CLAUDE_DESK_PERMISSION_MODE lock wins over both, and a thread saved
 * before threads had a mode follows the default.
 */
export function effectivePermissionMode(
  thread: { permissionMode?: string } | undefined,
  app: Pick<AppSettings, 'permissionMode' | 'permissionModeLockedBy'>,
): PermissionMode {
  if (app.permissionModeLockedBy) return app.permissionMode;
  return ownPermissionMode(thread) ?? app.permissionMode;
}
