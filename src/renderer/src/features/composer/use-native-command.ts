import { getApi } from '../../api';
import { errorText } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';
import type { PanelKind } from './composer-panels';

/**
 * Claude Desk's own version of a slash command (recorded cases 31): `/clear` asks the host for a fresh session
 * (the messages stay, a divider marks the cut); `/model`, `/cost`, `/mcp` open their panel above the composer.
 */
export function useNativeCommand(openPanel: (panel: PanelKind) => void): (name: string) => Promise<void> {
  const threadId = useDesk((s) => s.activeThreadId);
  const reload = useDesk((s) => s.reloadActiveThread);
  const notice = useDesk((s) => s.pushNotice);
  return async (name) => {
    if (name === 'clear') {
      if (!threadId) return; // a thread not started yet has nothing to clear
      try {
        await getApi().clearSession({ threadId });
        await reload();
      } catch (err) {
        notice('error', `Could not clear the session: ${errorText(err)}`);
      }
      return;
    }
    if (name === 'model' || name === 'cost' || name === 'mcp') openPanel(name);
  };
}
