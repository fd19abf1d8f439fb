import type { Events } from '../../shared/contract';
import type { PermissionMode } from '../../shared/settings';
import type { TurnEvent } from '../../shared/turn-events';
import { cliModeLabel, cliPermissionMode, deskPermissionMode } from '../../core/claude-code-wire/control-protocol';

/**
 * A Claude Code started with `--permission-mode` that one of its settings overrides says so only in its init line:
 * seen with the pinned CLI against the mock, `permissions.disableBypassPermissionsMode: "disable"` in the user's
 * settings and `--permission-mode bypassPermissions` start it in `default` (exit 0, nothing on stderr). The mode it
 * took, when it is another than the one the turn asked for; undefined otherwise (or for a mode Claude Desk has no
 * name for, or an init line without one).
 */
export function modeTakenAtStart(event: TurnEvent, asked: PermissionMode | undefined): PermissionMode | undefined {
  if (event.type !== 'init' || asked === undefined || event.permissionMode === undefined) return undefined;
  if (event.permissionMode === cliPermissionMode(asked)) return undefined;
  return deskPermissionMode(event.permissionMode);
}

/** What the user reads when the thread's mode follows the one Claude Code took at its start. */
export function modeTakenNotice(asked: PermissionMode, took: PermissionMode): Events['notice'] {
  const label = (m: PermissionMode) => cliModeLabel(cliPermissionMode(m));
  return {
    level: 'warning',
    message: `Claude Code started in ${label(took)} mode, not ${label(asked)}: one of its settings decides the mode (a managed or locked setting, such as permissions.disableBypassPermissionsMode). This thread is now in ${label(took)} mode. See Settings → Claude Code → Permissions.`,
  };
}
