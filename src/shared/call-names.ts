/**
 * The contract's call names and its plain limits, without a schema: the renderer's first chunk imports
 * these (the API proxy, the composer), and importing contract.ts would pull zod (~60 KB minified) into
 * every page load although only the host validates. contract.ts checks at compile time that its `calls`
 * has exactly these names, so a call added there must be added here too.
 */
export const CALL_NAMES = [
  'getAppInfo',
  'getCliStatus',
  'getDoctor',
  'listThreads',
  'getThread',
  'readToolResult',
  'createThread',
  'renameThread',
  'deleteThread',
  'updateThreadSettings',
  'pinThread',
  'searchThreads',
  'sendMessage',
  'stopTurn',
  'queueMessage',
  'getMessageQueue',
  'editQueuedMessage',
  'removeQueuedMessage',
  'sendQueuedNow',
  'answerApproval',
  'readApprovalFile',
  'getComposerCatalog',
  'searchProjectFiles',
  'clearSession',
  'previewRewind',
  'rewindThread',
  'listBranches',
  'resendFrom',
  'switchBranch',
  'prepareTurn',
  'getWindowState',
  'saveWindowState',
  'getSettings',
  'updateSettings',
  'setApiKey',
  'clearApiKey',
  'listMemories',
  'deleteMemory',
  'listHistory',
  'refreshHistory',
  'getHistoryPage',
  'searchHistory',
  'pinHistorySession',
  'continueSession',
  'exportMarkdown',
  'getHistoryStats',
  'openExternal',
  'chooseFolder',
  'openFile',
  'revealLogFile',
  'getClaudeCodeSetup',
  'editPermissionRule',
  'setHooksOff',
  'saveInstructionFile',
  'appendInstruction',
  'saveClaudeAgent',
] as const;

export type CallName = (typeof CALL_NAMES)[number];

/** Images per message: the API allows 5 MB each; 8 of them fit one browser-mode WebSocket frame. */
export const MAX_IMAGES_PER_MESSAGE = 8;
