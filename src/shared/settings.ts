/** User settings (private state, see core/store). Each union is a schema once; its type is inferred. */
import * as z from 'zod';
import { modelRoutingSchema } from './model-routing';
import { PERMISSION_MODES, type PermissionMode } from './permission-mode';

export { effectivePermissionMode, ownPermissionMode, PERMISSION_MODES, type PermissionMode } from './permission-mode';
export const permissionModeSchema = z.enum(PERMISSION_MODES);
/** Which of the app's own MCP tools the agent may use. */
export const toolPolicySchema = z.enum(['all', 'read-only', 'none']);
export type ToolPolicy = z.infer<typeof toolPolicySchema>;
/** The window's colours: the system's choice, or always light / dark. */
export const themeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof themeSchema>;

/** A change from Settings (any front door). An empty defaultModel clears it. */
export const settingsPatchSchema = z
  .object({
    permissionMode: permissionModeSchema.optional(),
    defaultModel: modelRoutingSchema.optional(),
    toolPolicy: toolPolicySchema.optional(),
    keepSessionCopies: z.boolean().optional(),
    includeUserMcpServers: z.boolean().optional(),
    theme: themeSchema.optional(),
    newThreadWorktree: z.boolean().optional(),
  })
  .strict();

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
  theme: Theme;
  /** A new thread in a git project works in its own git worktree unless its empty state says otherwise. */
  newThreadWorktree: boolean;
  /** Whether an API key is saved (the key itself never leaves the app host). */
  hasSavedApiKey: boolean;
  /** Where a saved key lives: encrypted with the OS keychain, or in memory only (browser mode). */
  apiKeyStorage: 'encrypted' | 'memory' | 'unavailable';
}

export const DEFAULT_SETTINGS: AppSettings = {
  permissionMode: 'acceptEdits',
  toolPolicy: 'all',
  keepSessionCopies: true,
  includeUserMcpServers: true,
  theme: 'system',
  newThreadWorktree: true,
  hasSavedApiKey: false,
  apiKeyStorage: 'unavailable',
};
