import { useDesk } from '../../store/store-context';
import type { PanelKind } from './composer-panels';

/**
 * Claude Desk's own version of a slash command (recorded cases 31): `/clear` asks the host for a fresh session
 * (the messages stay, a divider marks the cut); `/model`, `/cost`, `/mcp` open their panel above the composer.
 */
export function useNativeCommand(openPanel: (panel: PanelKind) => void): (name: string) => Promise<void> {
  const clearSession = useDesk((s) => s.clearSession);
  return async (name) => {
    if (name === 'clear') return clearSession(); // a failure is a notice
    if (name === 'model' || name === 'cost' || name === 'mcp') openPanel(name);
  };
}
