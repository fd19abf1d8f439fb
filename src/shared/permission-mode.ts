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

/**
 * Claude Code refuses full access (bypassPermissions) when it runs as root, unless IS_SANDBOX=1 says the machine is
 * a sandbox (recorded case 26c; checked again with the pinned CLI as root: "--dangerously-skip-permissions cannot be
 * used with root/sudo privileges", exit 1; with IS_SANDBOX=1 it answers). Said at the switch, in `doctor` and when a
 * turn is refused, in these words.
 */
export const ROOT_FULL_ACCESS_REFUSED =
  'Claude Code refuses full access when it runs as root, as Claude Desk does here: a turn in full access would fail.';
export const ROOT_FULL_ACCESS_OFFER =
  'Use "Accept edits" (with rules allowing the commands you trust), or — only inside a container or VM you trust — start Claude Desk with IS_SANDBOX=1 in its environment.';
