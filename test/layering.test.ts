import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

// The layering rules are a promise the codebase makes: prove the lint really fails on each violation.
describe('layering lint', () => {
  // The paths below are made up, so no TypeScript project holds them: the zones need no types anyway.
  const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });
  const lint = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0]!.messages;
  const restricted = async (filePath: string, from: string) =>
    (await lint(filePath, `import { x } from '${from}';\nexport const y = x;\n`)).filter(
      (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'desk/layers',
    );

  it.each([
    'src/core/turn/x.ts',
    'src/shared/x.ts',
    'src/app/x.ts',
    'src/web/x.ts',
    'src/command-line/x.ts',
    'src/renderer/src/x.ts',
  ])('%s may not import electron', async (file) => {
    expect(await restricted(file, 'electron')).toHaveLength(1);
  });

  it.each(['src/main/x.ts', 'src/preload/x.ts'])('%s may import electron', async (file) => {
    expect(await restricted(file, 'electron')).toHaveLength(0);
  });

  it.each([
    // [file, import, allowed?]
    ['src/shared/x.ts', '../core/turn/turn-engine', false],
    ['src/shared/x.ts', '../app/desk-app', false],
    ['src/shared/x.ts', './threads', true],
    ['src/core/turn/x.ts', '../../app/desk-app', false],
    ['src/core/turn/x.ts', '../../web/web-host', false],
    ['src/core/turn/x.ts', '../../command-line/main', false],
    ['src/core/turn/x.ts', '../../shared/threads', true],
    ['src/core/turn/x.ts', '../claude-code/path-list', true],
    ['src/app/x.ts', '../main/ipc', false],
    ['src/app/x.ts', '../web/web-host', false],
    ['src/app/x.ts', '../core/turn/turn-engine', true],
    ['src/web/x.ts', '../main/ipc', false],
    ['src/web/x.ts', '../app/dispatch-call', true],
    ['src/command-line/x.ts', '../renderer/src/api', false],
    ['src/command-line/x.ts', '../web/web-host', true],
    ['src/renderer/src/store/x.ts', '../../../core/store/threads-store', false],
    ['src/renderer/src/store/x.ts', '../../../app/handlers', false],
    ['src/renderer/src/store/x.ts', '../../../shared/threads', true],
    ['src/renderer/src/store/x.ts', '../App', true],
    // The Electron adapter: never the renderer, browser mode or the command line; phone access's listener only.
    ['src/main/x.ts', '../renderer/src/api', false],
    ['src/main/x.ts', '../web/web-host', false],
    ['src/main/x.ts', '../web/static-files', false],
    ['src/main/x.ts', '../web/phone-host', true],
    ['src/main/x.ts', '../command-line/main', false],
    ['src/main/x.ts', '../app/desk-app', true],
    ['src/main/x.ts', '../shared/contract', true],
    // The preload exposes the contract's verbs: nothing of the app or core.
    ['src/preload/x.ts', '../app/desk-app', false],
    ['src/preload/x.ts', '../core/turn/turn-engine', false],
    ['src/preload/x.ts', '../shared/contract', true],
    // Browser mode is not the command line.
    ['src/web/x.ts', '../command-line/main', false],
    ['src/web/x.ts', '../renderer/src/api', false],
    ['src/command-line/x.ts', '../main/ipc', false],
    ['bin/x.mjs', '../src/command-line/main', true],
    ['bin/x.mjs', '../src/app/desk-app', false],
    // Judged where the path lands, however it is spelled.
    ['src/core/turn/x.ts', '../../../src/app/desk-app', false],
    ['src/core/turn/x.ts', './../../app/desk-app', false],
    ['src/renderer/src/store/x.ts', '../../../../src/core/store/threads-store', false],
    ['src/shared/x.ts', '../../src/shared/threads', true],
    // The rooms of core, from the ground up (eslint.config.js: CORE_USES).
    ['src/core/store/x.ts', '../turn/turn-engine', false],
    ['src/core/claude-code/x.ts', '../turn/turn-engine', false],
    ['src/core/turn/x.ts', '../rewind/git-snapshot', false],
    ['src/core/turn/x.ts', '../composer/file-index', false],
    ['src/core/history/x.ts', '../turn/turn-engine', false],
    ['src/core/mcp/x.ts', '../history/history-index', false],
    ['src/core/x.ts', '../store/threads-store', false],
    ['src/core/rewind/x.ts', '../turn/spawn-plan', false], // rewind and the composer need the wire, not a turn
    ['src/core/composer/x.ts', '../turn/build-turn-args', false],
    ['src/core/rewind/x.ts', '../claude-code-wire/headless-args', true],
    ['src/core/mcp/x.ts', '../store/threads-store', true],
    ['src/core/turn/x.ts', '../process-group', true],
    ['src/core/claude-code-wire/x.ts', '../turn/turn-engine', false], // the wire is below the turn…
    ['src/core/turn/x.ts', '../claude-code-wire/control-client', true], // …which speaks through it
    ['src/core/claude-code-wire/x.ts', '../store/threads-store', false],
    ['src/core/claude-code-wire/x.ts', '../process-runner', true],
    ['src/core/projects/x.ts', '../history/cli-projects-dir', true], // projects read the CLI's session folders…
    ['src/core/projects/x.ts', '../turn/turn-engine', false], // …and never run a turn
    ['src/core/claude-code-setup/x.ts', '../turn/turn-engine', false], // the user's files, below any turn
    ['src/core/claude-code-setup/x.ts', '../store/atomic-write', true],
    ['src/core/claude-code-setup/x.ts', '../claude-code-wire/control-client', true], // get_settings, asked…
    ['src/core/claude-code-setup/x.ts', '../composer/probe-catalog', false], // …without the composer's probe
    ['src/core/phone/x.ts', '../store/atomic-write', true], // phone access keeps its files like every store…
    ['src/core/phone/x.ts', '../turn/turn-engine', false], // …and never runs a turn itself
    ['src/core/usage/x.ts', '../history/kept-copies', true], // usage reads the History's sessions and copies…
    ['src/core/usage/x.ts', '../turn/turn-engine', false], // …and never runs a turn
    ['src/core/worktree/x.ts', '../process-runner', true], // a worktree is made with git, through the runner…
    ['src/core/worktree/x.ts', '../rewind/git-snapshot', false], // …and needs no other room
    ['src/core/worktree/x.ts', '../git/git-runner', true], // git runs in one place…
    ['src/core/git/x.ts', '../worktree/land', false], // …which knows nothing of worktrees,
    ['src/core/git/x.ts', '../process-runner', true], // the one process runner under it
    ['src/core/rewind/x.ts', '../git/repository-above', true],
    ['src/core/projects/x.ts', '../git/repository-above', true],
    ['src/core/log/x.ts', '../store/atomic-write', false], // the log and the loopback guard stand on nothing
    ['src/core/net/x.ts', '../process-runner', false],
    ['src/core/mcp/x.ts', '../net/loopback-guard', true],
    ['src/core/turn/x.ts', '../log/redact', true],
    ['src/core/sandbox/x.ts', '../process-runner', true], // the walls start probes through the runner…
    ['src/core/sandbox/x.ts', '../turn/spawn-plan', false], // …and never know a turn
    ['src/core/notify/x.ts', '../store/atomic-write', true], // notifications keep their files in the data dir…
    ['src/core/notify/x.ts', '../turn/turn-engine', false], // …and hear of turns only through the app's events
    ['src/core/store/x.test.ts', '../turn/turn-engine', true], // a test may compose rooms…
    ['src/core/store/x.test.ts', '../../app/desk-app', false], // …never climb a layer
    // Features import only downward (eslint.config.js: FEATURE_USES).
    ['src/renderer/src/features/threads/x.tsx', '../chat/chat-view', false],
    ['src/renderer/src/features/approvals/x.tsx', '../chat/tool-card', false],
    ['src/renderer/src/features/tools/x.tsx', '../approvals/approval-card', false],
    ['src/renderer/src/features/chat/x.tsx', '../approvals/approval-card', true],
    ['src/renderer/src/features/chat/x.tsx', '../threads/thread-item', false],
    ['src/renderer/src/features/chat/x.tsx', '../composer/use-picker', true],
    ['src/renderer/src/features/composer/x.tsx', '../chat/chat-header', false],
    ['src/renderer/src/features/chat/x.tsx', '../worktree/worktree-chip', true],
    ['src/renderer/src/features/worktree/x.tsx', '../chat/chat-header', false],
    ['src/renderer/src/features/tools/x.tsx', '../approvals/question-card', false],
    ['src/renderer/src/features/history/x.tsx', '../threads/thread-sidebar', false],
    ['src/renderer/src/features/threads/x.tsx', '../../ui/dialog', true],
    ['src/renderer/src/features/threads/x.tsx', '../board/board-panel', true],
    ['src/renderer/src/features/board/x.tsx', '../chat/chat-view', false],
    ['src/renderer/src/features/board/x.tsx', '../threads/thread-sidebar', false],
    ['src/renderer/src/features/board/x.tsx', '../notify/push-toggle', true], // a device's Board holds its push toggle…
    ['src/renderer/src/features/notify/x.tsx', '../board/board-view', false], // …which knows nothing of the board
    ['src/renderer/src/features/chat/x.tsx', '../projects/project-picker', true],
    ['src/renderer/src/features/projects/x.tsx', '../chat/chat-header', false],
    ['src/renderer/src/features/settings/x.tsx', '../claude-code-setup/claude-code-section', true],
    ['src/renderer/src/features/settings/x.tsx', '../notify/notify-settings', true], // Settings holds Notifications…
    ['src/renderer/src/features/notify/x.tsx', '../settings/settings-view', false], // …which holds no other feature
    ['src/renderer/src/features/panes/x.tsx', '../chat/chat-view', true], // a pane is a whole chat…
    ['src/renderer/src/features/chat/x.tsx', '../panes/split-view', false], // …which knows nothing of panes
    ['src/renderer/src/features/phone/x.tsx', '../chat/chat-view', false], // the pairing page stands alone
    ['src/renderer/src/features/claude-code-setup/x.tsx', '../settings/settings-view', false],
    ['src/renderer/src/features/threads/x.test.tsx', '../chat/chat-view', true],
    ['src/renderer/src/features/chat/x.tsx', '../worktree/changes-button', true],
    ['src/renderer/src/features/worktree/x.tsx', '../tools/diff-view', true],
    ['src/renderer/src/features/worktree/x.tsx', '../chat/chat-header', false],
    ['src/renderer/src/features/chat/x.tsx', '../context/context-meter', true],
    ['src/renderer/src/features/context/x.tsx', '../chat/chat-view', false],
    ['src/renderer/src/features/chat/x.tsx', '../limits/plan-limit-indicator', true],
    ['src/renderer/src/features/limits/x.tsx', '../chat/chat-view', false],
    ['src/renderer/src/features/chat/x.tsx', '../tasks/task-checklist', true],
    ['src/renderer/src/features/tasks/x.tsx', '../tools/tool-card', false],
    ['src/renderer/src/features/threads/x.tsx', '../waiting/waiting-list', true],
    ['src/renderer/src/features/waiting/x.tsx', '../threads/thread-sidebar', false],
    ['src/renderer/src/features/usage/x.tsx', '../chat/chat-view', false],
    ['src/renderer/src/features/chat/x.tsx', '../usage/usage-view', false],
    // The app's features meet through ports (eslint.config.js: APP_USES).
    ['src/app/board/x.ts', '../turns/turns-port', true], // the board asks the turns' port…
    ['src/app/board/x.ts', '../worktree/changes-service', false], // …and is told the worktree's counts
    ['src/app/worktree/x.ts', '../turns/turns-port', false], // the worktree is below the turns
    ['src/app/worktree/x.ts', '../threads/threads-wiring', false], // …and below the threads: no cycle
    ['src/app/worktree/x.ts', '../settings/desk-foundation', true],
    ['src/app/threads/x.ts', '../worktree/worktree-settings', true],
    ['src/app/threads/x.ts', '../turns/turns-wiring', false], // the turns register with the threads
    ['src/app/turns/x.ts', '../threads/thread-peers', true],
    ['src/app/turns/x.ts', '../rewind/rewind-service', false], // rewind registers its snapshots
    ['src/app/rewind/x.ts', '../turns/turns-port', true],
    ['src/app/history/x.ts', '../threads/project-dir', true],
    ['src/app/history/x.ts', '../turns/turns-wiring', false],
    ['src/app/usage/x.ts', '../history/history-service', false],
    ['src/app/composer/x.ts', '../turns/turn-service', false],
    ['src/app/projects/x.ts', '../worktree/project-worktrees', true],
    ['src/app/projects/x.ts', '../threads/threads-wiring', false],
    ['src/app/window/x.ts', '../threads/threads-wiring', false],
    ['src/app/claude-code-setup/x.ts', '../turns/turn-engine', false], // its changes reach the turns' port
    ['src/app/settings/x.ts', '../threads/threads-wiring', false], // the foundation stands on nothing
    ['src/app/notify/x.ts', '../threads/threads-wiring', true], // notifications name the thread…
    ['src/app/notify/x.ts', '../turns/turn-service', false], // …and hear of turns only through the bus
    ['src/app/phone/x.ts', '../turns/turns-port', false], // a device reaches the app only through the contract
    ['src/app/phone/x.ts', '../dispatch-call', false],
    ['src/app/board/x.ts', '../event-bus', true], // what every feature shares…
    ['src/app/board/x.ts', '../desk-app', false], // …but never the composition root
    ['src/app/x.ts', '../app/board/board-wiring', true], // which composes them all
    ['src/app/board/x.test.ts', '../worktree/changes-service', true], // a test may compose features
  ] as const)('%s importing %s: allowed = %s', async (file, from, allowed) => {
    expect(await restricted(file, from)).toHaveLength(allowed ? 0 : 1);
  });

  it.each([
    ["export { x } from '../app/desk-app';", 'a re-export'],
    ["export * from '../app/desk-app';", 'a re-export of everything'],
    ["export const y = import('../app/desk-app');", 'a dynamic import'],
    ["export type Y = import('../app/desk-app').X;", 'an import type'],
  ])('src/core/x.ts: %s is judged as an import (%s)', async (code) => {
    const messages = await lint('src/core/x.ts', code);
    expect(messages.filter((m) => m.ruleId === 'desk/layers')).toHaveLength(1);
  });

  // Every entry of every table is proven by a case above: a new room or feature comes with its own.
  it('covers every layer, room of core, feature of the app and feature of the renderer', async () => {
    // Read as the lint reads it: plain JavaScript, so its tables come typed here.
    const config = '../eslint.config.js';
    const tables = (await import(config)) as Record<'LAYERS' | 'CORE_USES' | 'APP_USES' | 'FEATURE_USES', object>;
    const { LAYERS, CORE_USES, APP_USES, FEATURE_USES } = tables;
    const s = readFileSync(fileURLToPath(import.meta.url), 'utf8');
    const files = (s.match(/\['((?:src|bin)\/[^']+)'/g) ?? []).map((m) => m.slice(2, -1));
    const inTable = (prefix: string, name: string) =>
      files.some((f) =>
        name === '(root)' ? /^[^/]+$/.test(f.slice(prefix.length)) : f.startsWith(`${prefix}${name}/`),
      );
    expect(
      Object.keys(LAYERS).filter((l) => !files.some((f) => f.startsWith(l === 'bin' ? 'bin/' : `src/${l}/`))),
    ).toEqual([]);
    expect(Object.keys(CORE_USES).filter((room) => !inTable('src/core/', room))).toEqual([]);
    expect(Object.keys(APP_USES).filter((feature) => !inTable('src/app/', feature))).toEqual([]);
    expect(Object.keys(FEATURE_USES).filter((f) => !inTable('src/renderer/src/features/', f))).toEqual([]);
  });

  it('a feature of the app that APP_USES does not know fails with a sentence that says where to add it', async () => {
    const [message] = (await restricted('src/app/new-feature/x.ts', '../turns/turns-port')).map((m) => m.message);
    expect(message).toMatch(/app\/new-feature is not a known feature: add it to APP_USES/);
  });

  it('a room of core that CORE_USES does not know fails with a sentence that says where to add it', async () => {
    const [message] = (await restricted('src/core/new-room/x.ts', '../store/threads-store')).map((m) => m.message);
    expect(message).toMatch(/core\/new-room is not a known room: add it to CORE_USES/);
  });

  // Components reach the host only through store actions (eslint.config.js: HOST_SEAM): a feature that imports
  // the host seam, or reads `window.desk`, fails lint; the store and tests may.
  it('a feature may not reach the host directly, only through the store', async () => {
    expect(await restricted('src/renderer/src/features/chat/x.tsx', '../../api')).toHaveLength(1);
    expect(await restricted('src/renderer/src/features/chat/rewind/x.tsx', '../../../api')).toHaveLength(1);
    expect(await restricted('src/renderer/src/features/composer/x.ts', '../../ws-client')).toHaveLength(1);
    expect(await restricted('src/renderer/src/features/chat/x.tsx', '../../store/store-context')).toHaveLength(0);
    expect(await restricted('src/renderer/src/features/chat/x.test.tsx', '../../api')).toHaveLength(0);
    expect(await restricted('src/renderer/src/store/x.ts', '../api')).toHaveLength(0);
    // ui/ too, and however the path is spelled.
    expect(await restricted('src/renderer/src/ui/x.tsx', '../api')).toHaveLength(1);
    expect(await restricted('src/renderer/src/features/chat/x.tsx', './../../api.ts')).toHaveLength(1);
    const desk = (file: string) =>
      lint(file, 'export const y = window.desk;\n').then((m) =>
        m.filter((x) => x.ruleId === 'no-restricted-properties'),
      );
    expect(await desk('src/renderer/src/features/tools/x.ts')).toHaveLength(1);
    expect(await desk('src/renderer/src/api.ts')).toHaveLength(0);
  });
});
