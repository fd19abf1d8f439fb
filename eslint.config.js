import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ELECTRON = {
  paths: [
    {
      name: 'electron',
      message: 'Only src/main and src/preload may import electron (layering: core/shared/app are runtime-agnostic).',
    },
  ],
  patterns: [{ group: ['electron/*'], message: 'Only src/main and src/preload may import electron.' }],
};

/** A relative import that climbs up into one of these top-level folders of src/ (`../../app/desk-app`). */
const into = (...dirs) => `^(?:\\.\\./)+(?:${dirs.join('|')})(?:/|$)`;

/**
 * Import zones: each layer imports only downward (shared → core → app → main/web/command-line; the renderer
 * sees only shared and itself). One `no-restricted-imports` per zone, because a later config object
 * replaces the rule for the files it matches (so every zone repeats the electron ban). test/layering.test.ts
 * proves each zone fires.
 */
const zone = (message, dirs, { electron = true, extra = [] } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      ...(electron ? { paths: ELECTRON.paths } : {}),
      patterns: [
        ...(electron ? ELECTRON.patterns : []),
        { regex: into(...dirs), caseSensitive: true, message },
        ...extra,
      ],
    },
  ],
});

/**
 * Features import only downward, the way the screens nest (no cycles): the sidebar holds History, a History
 * session reads like a chat, chat shows approval cards, tool cards, the composer, the context meter, the plan
 * limits, the task checklist and the settings' login steps, and an approval card previews a diff with the tool
 * views; the composer imports no other feature. Anything else two features need lives in ui/, store/ or the
 * renderer root. Tests may compose any features. A feature reaches the host only through store actions
 * (HOST_SEAM): never api.ts, the WebSocket client or `window.desk` itself.
 */
const FEATURE_USES = {
  threads: ['history', 'waiting'], // the sidebar's History tab and its Waiting for you section
  history: ['chat'], // a session reads like a chat
  chat: ['approvals', 'composer', 'context', 'limits', 'settings', 'tasks', 'tools'],
  approvals: ['tools'],
  composer: [], // the composer: text box, attachments, send policy, pickers, panels and queue
  context: [], // the header's context meter and the compaction divider
  limits: [], // the plan-limit indicator and a turn the limit refused
  tasks: [], // the agent's task checklist and its header indicator
  waiting: [], // the sidebar's list of threads waiting on the user
  settings: [],
  tools: [],
};
const FEATURES = fs
  .readdirSync(new URL('./src/renderer/src/features', import.meta.url))
  .filter((f) => !f.includes('.'));
const featureZone = (feature) => ({
  caseSensitive: true,
  regex: `^\\.\\./(?:${FEATURES.filter((f) => f !== feature && !(FEATURE_USES[feature] ?? []).includes(f)).join('|')})(?:/|$)`,
  message: `features/${feature} may import only ${(FEATURE_USES[feature] ?? []).join(', ') || 'no other feature'}: move what both need to ui/, store/ or the renderer root (eslint.config.js: FEATURE_USES).`,
});
const HOST_SEAM_MESSAGE =
  'A feature reaches the host only through a store action (a slice method in store/), never api.ts.';
const HOST_SEAM = {
  caseSensitive: true,
  regex: '^(?:\\.\\./){2,}(?:api|ws-client)(?:\\.tsx?)?$',
  message: HOST_SEAM_MESSAGE,
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
  // Layering, enforced: nothing below the Electron adapter imports electron, and imports only point downward.
  {
    files: ['src/web/**', 'src/command-line/**', 'bin/**'],
    rules: zone('A front door does not import another front door (main, preload, renderer).', [
      'main',
      'preload',
      'renderer',
    ]),
  },
  {
    files: ['src/app/**'],
    rules: zone(
      'src/app is the composition root: no front door (main, preload, web, command-line, renderer) below it.',
      ['main', 'preload', 'web', 'command-line', 'renderer'],
    ),
  },
  {
    files: ['src/core/**'],
    rules: zone('src/core never imports the app or a front door.', [
      'app',
      'main',
      'preload',
      'web',
      'command-line',
      'renderer',
    ]),
  },
  {
    files: ['src/shared/**'],
    rules: zone('src/shared imports nothing of ours but shared.', [
      'core',
      'app',
      'main',
      'preload',
      'web',
      'command-line',
      'renderer',
    ]),
  },
  {
    files: ['src/renderer/**'],
    rules: zone('The renderer imports only src/shared and itself (the host is reached through api.ts).', [
      'core',
      'app',
      'main',
      'preload',
      'web',
      'command-line',
    ]),
  },
  ...FEATURES.map((feature) => ({
    files: [`src/renderer/src/features/${feature}/**`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: zone(
      'The renderer imports only src/shared and itself (the host is reached through api.ts).',
      ['core', 'app', 'main', 'preload', 'web', 'command-line'],
      { extra: [featureZone(feature), HOST_SEAM] },
    ),
  })),
  {
    files: ['src/renderer/src/features/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': ['error', { object: 'window', property: 'desk', message: HOST_SEAM_MESSAGE }],
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
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
