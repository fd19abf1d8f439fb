import { createStore } from 'zustand/vanilla';
import type { DeskState, DeskStore, StoreDeps } from './desk-state';
import { createChatSlice } from './chat-slice';
import { createMemorySlice, createUiSlice } from './memory-ui-slices';
import { createSettingsSlice, createStatusSlice } from './settings-slice';
import { createThreadsSlice } from './threads-slice';
import { createTurnsSlice } from './turns-slice';
import { createHistorySlice } from './history-slice';
import { createQueueSlice } from './queue-slice';
import { createLimitsSlice } from './limits-slice';
import { createComposerSlice } from './composer-slice';
import { createRewindSlice } from './rewind-slice';
import { createHostSlice } from './host-slice';
import { createBoardSlice } from './board-slice';
import { createChangesSlice } from './changes-slice';
import { createProjectsSlice } from './projects-slice';
import { createClaudeCodeSetupSlice } from './claude-code-setup-slice';
import { createUsageSlice } from './usage-slice';
import { createNotifySlice } from './notify-slice';
import { createPanesSlice } from './panes-slice';
import { createPhoneSlice } from './phone-slice';

export type { DeskStore } from './desk-state';

/** One store for the whole renderer, built from slices. Tests and the bench build their own. */
export function createDeskStore(deps: StoreDeps = {}): DeskStore {
  return createStore<DeskState>()((...a) => ({
    ...createThreadsSlice(...a),
    ...createChatSlice(deps)(...a),
    ...createTurnsSlice(deps)(...a),
    ...createQueueSlice(...a),
    ...createSettingsSlice(...a),
    ...createStatusSlice(...a),
    ...createMemorySlice(...a),
    ...createUiSlice(...a),
    ...createHistorySlice(...a),
    ...createLimitsSlice(deps)(...a),
    ...createComposerSlice(...a),
    ...createRewindSlice(...a),
    ...createChangesSlice(...a),
    ...createProjectsSlice(...a),
    ...createHostSlice(...a),
    ...createBoardSlice(...a),
    ...createClaudeCodeSetupSlice(...a),
    ...createUsageSlice(...a),
    ...createNotifySlice(...a),
    ...createPanesSlice(deps, createDeskStore)(...a),
    ...createPhoneSlice(...a),
  }));
}
