import type { ToolPolicy } from '../../shared/settings';

export type ToolAccess = 'read' | 'write';

export function isToolAllowed(policy: ToolPolicy, access: ToolAccess): boolean {
  if (policy === 'all') return true;
  if (policy === 'read-only') return access === 'read';
  return false;
}

const WHERE = 'The user can change this in Claude Desk → Settings → "Tools Claude may use".';

/**
 * What the model reads when the policy refuses a call. Written to be relayed to the user as is; it
 * says nothing happened, so the model does not claim it saved or deleted something.
 */
export function refusalMessage(policy: ToolPolicy, toolName: string): string {
  if (policy === 'read-only') {
    return `Claude Desk is set to read-only tools, so ${toolName} was not run and nothing was changed. ${WHERE}`;
  }
  return `Claude Desk is set to allow no tools, so ${toolName} was not run. ${WHERE}`;
}
