/**
 * The contract's call names and its plain limits, without a schema: the renderer's first chunk imports
 * these (the API proxy, the composer), and importing contract.ts would pull zod (~60 KB minified) into
 * every page load although only the host validates. Each feature lists its names beside its calls
 * (`contract/<feature>-names.ts`, checked against them at compile time); this list only composes them.
 */
import { settingsCallNames } from './contract/settings-names';
import { threadsCallNames } from './contract/threads-names';
import { turnsCallNames } from './contract/turns-names';
import { composerCallNames } from './contract/composer-names';
import { rewindCallNames } from './contract/rewind-names';
import { worktreeCallNames } from './contract/worktree-names';
import { windowCallNames } from './contract/window-names';
import { historyCallNames } from './contract/history-names';
import { projectsCallNames } from './contract/projects-names';
import { boardCallNames } from './contract/board-names';
import { claudeCodeSetupCallNames } from './contract/claude-code-setup-names';
import { usageCallNames } from './contract/usage-names';
import { notifyCallNames } from './contract/notify-names';
import { phoneCallNames } from './contract/phone-names';

export const CALL_NAMES = [
  ...settingsCallNames,
  ...threadsCallNames,
  ...turnsCallNames,
  ...composerCallNames,
  ...rewindCallNames,
  ...worktreeCallNames,
  ...windowCallNames,
  ...historyCallNames,
  ...projectsCallNames,
  ...boardCallNames,
  ...claudeCodeSetupCallNames,
  ...usageCallNames,
  ...notifyCallNames,
  ...phoneCallNames,
] as const;

export type CallName = (typeof CALL_NAMES)[number];

/** Images per message: the API allows 5 MB each; 8 of them fit one browser-mode WebSocket frame. */
export const MAX_IMAGES_PER_MESSAGE = 8;
