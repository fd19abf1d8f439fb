/**
 * The app's permission modes and which one a thread runs in, without zod: the renderer's first chunk needs
 * these, and settings.ts (the schemas) would bring zod along. settings.ts builds its schema from this list.
 */

/** The app's posture: `ask` shows an approval card for what the CLI would prompt for. */
export const PERMISSION_MODES = ['plan', 'ask', 'acceptEdits', 'bypassPermissions'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

const isPermissionMode = (value: unknown): value is PermissionMode =>
  typeof value === 'string' && (PERMISSION_MODES as readonly string[]).includes(value);

/** The thread's own mode, if its settings hold a known one (a log is not validated when read). */
export function ownPermissionMode(thread: { permissionMode?: string } | undefined): PermissionMode | undefined {
  return isPermissionMode(thread?.permissionMode) ? thread.permissionMode : undefined;
}

/**
 * The mode a thread's turns run in. Claude Code keeps a mode per session, so each thread has its own (stamped
 * from Settings when it is made); the CLAUDE_DESK_PERMISSION_MODE lock wins over both, and a thread saved
 * before threads had a mode follows the default.
 */
export function effectivePermissionMode(
  thread: { permissionMode?: string } | undefined,
  app: { permissionMode: PermissionMode; permissionModeLockedBy?: string },
): PermissionMode {
  if (app.permissionModeLockedBy) return app.permissionMode;
  return ownPermissionMode(thread) ?? app.permissionMode;
}
