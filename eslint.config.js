import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { layersPlugin } from './eslint-layers.js';

const ELECTRON = {
  paths: [
    {
      name: 'electron',
      message: 'Only src/main and src/preload may import electron (layering: core/shared/app are runtime-agnostic).',
    },
  ],
  patterns: [{ group: ['electron/*'], message: 'Only src/main and src/preload may import electron.' }],
};

/**
 * Who may import whom (the `desk/layers` rule, eslint-layers.js, judged on resolved paths): each layer imports only
 * downward — shared → core → app → the front doors (main, web, command-line) — and the renderer sees only shared and
 * itself (the host is reached through api.ts). preload exposes the contract's verbs and needs nothing but shared.
 * The Electron adapter serves phone access with the web layer's listener (src/web/phone-host.ts), and only that
 * (MAIN_WEB below). test/layering.test.ts proves each entry fires.
 */
const LAYERS = {
  shared: [],
  core: ['shared'],
  app: ['shared', 'core'],
  main: ['shared', 'core', 'app', 'web'],
  preload: ['shared'],
  web: ['shared', 'core', 'app'],
  'command-line': ['shared', 'core', 'app', 'web'],
  renderer: ['shared'],
  bin: ['command-line'],
};

/**
 * The rooms of src/core, from the ground up: a room imports only the rooms listed for it, never one above it.
 * `(root)` is the files directly in core/ (the process-group helpers every spawner shares).
 */
const CORE_USES = {
  '(root)': [], // the one child-process runner, process groups, the sweep of what a dead instance left
  log: [],
  net: [],
  sandbox: ['(root)'],
  git: ['(root)'], // the one git runner (one environment policy), the repository above a folder, the index copy
  'claude-code': ['(root)'], // finds Claude Code and probes its version and login
  'claude-code-wire': ['(root)', 'claude-code'], // the CLI's stream-json wire: headless arguments, child environment, lines, control
  store: ['(root)'], // the data dir's files
  mcp: ['net', 'store'], // Claude Desk's own tools for the model
  history: ['store'], // every Claude Code session on this computer
  turn: ['(root)', 'claude-code-wire', 'claude-code', 'log', 'mcp', 'store'], // one turn of the CLI, from spawn to its end
  composer: ['(root)', 'claude-code-wire'], // the composer's pickers: commands, models, files
  rewind: ['(root)', 'claude-code-wire', 'git'], // snapshots and Claude Code's checkpoints
  worktree: ['(root)', 'git'], // a thread's own git worktree: made, its changes read, landed or discarded
  projects: ['git', 'history'], // the folders a thread may work in: the CLI's session folders, a folder's git facts
  'claude-code-setup': ['(root)', 'claude-code-wire', 'store'], // the user's Claude Code files; get_settings asked of the CLI
  usage: ['history', 'store'], // tokens and cost of every API message in every session, each counted once
  notify: ['store'], // Web Push (VAPID keys, subscriptions, endpoint checks, sending) and ntfy: below any turn
  phone: ['(root)', 'store'], // phone access: the local CA and certificates, pairing, device keys and store, addresses, tailscale
};

/**
 * The features of src/app, from the ground up: a feature imports only the features listed for it — their ports and
 * types, never their insides — and hears of the others' events by registering for them (the threads' peers, the
 * turns' snapshotAround, the board's countChangesWith). `(root)` holds what every feature shares (the event bus, the
 * host profile, the app's version) and the composition root, which no feature imports (APP_ROOT).
 */
const APP_USES = {
  settings: [], // the foundation, Settings, Claude Code's status and launch settings
  window: ['settings'], // the window's state, opening files and links
  worktree: ['settings'], // a thread's own worktree: made, its Changes, landing it, tidying up
  threads: ['settings', 'worktree'], // the thread list (a new thread's worktree default), its peers' registrations
  turns: ['settings', 'threads', 'worktree'], // sending a message; TurnsPort is what the others may ask
  rewind: ['settings', 'threads', 'turns'], // Rewind and branches: snapshots around turns, Edit & resend
  history: ['settings', 'threads'], // the History of every Claude Code session
  usage: ['settings'], // the Usage view's ledger
  composer: ['settings'], // the composer's pickers
  projects: ['settings', 'worktree'], // recent projects, a folder described
  board: ['settings', 'threads', 'turns'], // every thread and Claude Code session at once
  'claude-code-setup': ['settings'], // the user's Claude Code setup
  notify: ['settings', 'threads'], // Web Push and ntfy: told when a thread waits or finishes
  phone: [], // phone access: pairing, the device gate, the listener's life — the app reached only through the contract
};
const APP_ROOT = ['desk-app', 'dispatch-call'];

/**
 * Features import only downward, the way the screens nest (no cycles): the sidebar holds History, a History
 * session reads like a chat, chat shows approval cards, tool cards, the composer, the context meter, the plan
 * limits, the task checklist and the settings' login steps, and an approval card previews a diff with the tool
 * views; the composer imports no other feature. Anything else two features need lives in ui/, store/ or the
 * renderer root. Tests may compose any features. A component (features/, ui/) reaches the host only through store
 * actions (HOST_SEAM): never api.ts, the WebSocket client or `window.desk` itself.
 */
const FEATURE_USES = {
  threads: ['board', 'history', 'usage', 'waiting'], // the sidebar's Board and History tabs, its Waiting for you section, a project's 30 days
  history: ['chat'], // a session reads like a chat
  chat: ['approvals', 'composer', 'context', 'limits', 'projects', 'settings', 'tasks', 'tools', 'worktree'],
  approvals: ['tools'],
  composer: [], // the composer: text box, attachments, send policy, pickers, panels and queue
  context: [], // the header's context meter and the compaction divider
  limits: [], // the plan-limit indicator and a turn the limit refused
  tasks: [], // the agent's task checklist and its header indicator
  waiting: [], // the sidebar's list of threads waiting on the user
  board: ['approvals', 'notify', 'usage'], // every thread and Claude Code session at once (a tab, a view); a row's waiting card; a device's "Turn on notifications"; a project's 30 days
  settings: ['claude-code-setup', 'notify', 'phone'], // its "Claude Code", "Notifications" and "Phone & other devices" sections
  'claude-code-setup': [], // the user's Claude Code setup pages
  tools: [],
  projects: [], // the new thread's project picker: recent folders, Open folder…, the path field, a dropped folder
  worktree: ['tools'], // a worktree thread's header chip, its Changes panel (files' diffs, the land actions), the shared-folder note
  usage: [], // the Usage view: totals, charts, limits, blocks and tables of every session's tokens and cost
  notify: [], // Settings' notifications (ntfy) and a device's "Turn on notifications"
  panes: ['chat', 'composer'], // split panes: threads side by side, each a whole chat
  phone: [], // Settings → Phone & other devices, the desktop's pairing dialog, the phone's pairing page
};

/** Components reach the host only through store actions (a slice method in store/), never api.ts or the socket. */
const HOST_SEAM = {
  modules: ['api', 'ws-client'],
  message:
    'A component reaches the host only through a store action (a slice method in store/), never api.ts or ws-client.ts.',
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'bench/node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Type-checked rules: a promise nobody awaits or catches, a promise where a callback's result is ignored, a
  // switch over a union that misses a member. They need the type checker, so they run on TypeScript files only.
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A `default:` is a deliberate "everything else" (most switches over TurnEvent handle a few of its
      // types); a switch without one must name every member, so a new member is caught where it matters.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  // The desktop app runs phone access's listener, never browser mode's loopback host or the rest of src/web.
  {
    files: ['src/main/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web/*', '!**/web/phone-host'],
              message:
                'src/main may import only web/phone-host (phone access) of src/web: the window is no browser mode.',
            },
          ],
        },
      ],
    },
  },
  // Layering, enforced: nothing below the Electron adapter imports electron, and imports only point downward.
  {
    files: ['src/**', 'bin/**'],
    ignores: ['src/main/**', 'src/preload/**'],
    rules: { 'no-restricted-imports': ['error', ELECTRON] },
  },
  {
    files: ['src/**/*.{ts,tsx,mts,js,mjs}', 'bin/**/*.{js,mjs}'],
    plugins: {
      desk: layersPlugin(
        {
          layers: LAYERS,
          coreRooms: CORE_USES,
          appFeatures: { uses: APP_USES, root: APP_ROOT },
          features: FEATURE_USES,
          hostSeam: HOST_SEAM,
        },
        import.meta.dirname,
      ),
    },
    rules: { 'desk/layers': 'error' },
  },
  {
    files: ['src/renderer/src/features/**', 'src/renderer/src/ui/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': ['error', { object: 'window', property: 'desk', message: HOST_SEAM.message }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // A store slice adds its interface to the whole store by declaration merging (`interface DeskState extends
  // UsageSlice {}` in store/<feature>-slice.ts): store/desk-state.ts then imports no slice (no import cycle).
  {
    files: ['src/renderer/src/store/*-slice.ts', 'src/renderer/src/store/*-slices.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }] },
  },
  // The phone page's service worker, served as it is from the renderer's public folder.
  { files: ['src/renderer/public/*.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

/** The tables themselves, for test/layering.test.ts: it proves every entry fires. */
export { LAYERS, CORE_USES, APP_USES, FEATURE_USES };
