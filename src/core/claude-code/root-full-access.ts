/**
 * Whether Claude Code will refuse full access here: it runs as this process's user, and refuses bypassPermissions as
 * root unless IS_SANDBOX is set (shared/permission-mode.ts has the measured facts). Claude Desk never sets IS_SANDBOX
 * itself: that stays the user's decision.
 */
export function fullAccessRefused(env: NodeJS.ProcessEnv, uid: number | undefined): boolean {
  return uid === 0 && !env.IS_SANDBOX;
}
