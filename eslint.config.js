import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

// The outbox engine and its database (the folder src/offline/engine): the page and the service worker both run them.
const OFFLINE_ENGINE = 'engine/**';
// Every element type of the client (src/), for the boundaries below.
const CLIENT_TYPES = ['offline-engine', 'offline', 'app', 'ui', 'api', 'session', 'realtime', 'feature', 'client'];
const WORKER_REACH =
  'The service worker reaches src/ only through the offline engine (src/offline/engine/), which stays free of the page (no React, no DOM).';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The socket.io client loads after sign-in only (DESIGN budget: the login route ≤ 120 KB gzip):
    // src/realtime fetches it with import(); a static import anywhere would pull it into a chunk.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'socket.io-client',
              allowTypeImports: true,
              message: 'Load socket.io-client with import() in src/realtime, after sign-in.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Suites read JSON answers whose shape is what they assert.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // The login route's JS stays small (DESIGN "Budgets"): the offline store, Dexie and the persister load
  // after sign-in. From these files they may only be loaded with import().
  {
    files: [
      'src/main.tsx',
      'src/app/{App,router,RootLayout,PublicLayout,providers,UpdatePrompt,RouteError,chunkReload,guards}.{ts,tsx}',
      'src/session/**',
      'src/features/accounts/**',
      'src/ui/**',
      'src/api/{http,accounts}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/offline', '**/offline/**', 'dexie', '@tanstack/query-persist-client-core'],
              message: "The login route must not download the offline store: load it after sign-in with import('…').",
            },
          ],
        },
      ],
    },
  },
  // The offline engine runs in the service worker too: nothing of the page (inside src/offline
  // included, which the boundaries below cannot see).
  {
    files: [`src/offline/${OFFLINE_ENGINE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Out of the engine folder only to domain/ (shared, free of I/O).
            { regex: '^\\.\\./(?!\\.\\./\\.\\./domain/)', message: WORKER_REACH },
            { group: ['react', 'react-dom', '@tanstack/*'], message: WORKER_REACH },
          ],
        },
      ],
    },
  },
  // Import boundaries: domain/ stands alone; the client and the worker never reach into server/;
  // inside the client, dependencies point one way: app → features → (ui, api, session, realtime,
  // offline) → domain. A feature never reaches into another feature or into the app shell.
  {
    files: ['domain/**', 'server/**', 'src/**', 'service-worker/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: {
          project: ['tsconfig.json', 'tsconfig.node.json', 'service-worker/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
      'boundaries/include': ['domain/**', 'server/**', 'src/**', 'service-worker/**'],
      'boundaries/elements': [
        { type: 'domain', pattern: 'domain/**', partialMatch: false },
        { type: 'platform', pattern: 'server/platform/**', partialMatch: false },
        { type: 'module', pattern: 'server/modules/*/**', partialMatch: false, capture: ['area'] },
        { type: 'server', pattern: 'server/**', partialMatch: false },
        { type: 'worker', pattern: 'service-worker/**', partialMatch: false },
        { type: 'offline-engine', pattern: 'src/offline/engine/**', partialMatch: false },
        { type: 'offline', pattern: 'src/offline/**', partialMatch: false },
        { type: 'app', pattern: 'src/app/**', partialMatch: false },
        { type: 'ui', pattern: 'src/ui/**', partialMatch: false },
        { type: 'api', pattern: 'src/api/**', partialMatch: false },
        { type: 'session', pattern: 'src/session/**', partialMatch: false },
        { type: 'realtime', pattern: 'src/realtime/**', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*/**', partialMatch: false, capture: ['featureName'] },
        { type: 'client', pattern: 'src/**', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'domain' } },
              disallow: {
                to: { element: { types: { anyOf: [...CLIENT_TYPES, 'server', 'platform', 'module', 'worker'] } } },
              },
              message: 'domain/ is shared by the client, the worker and the server: it imports none of them.',
            },
            {
              from: { element: { types: { anyOf: [...CLIENT_TYPES, 'worker'] } } },
              disallow: { to: { element: { types: { anyOf: ['server', 'platform', 'module'] } } } },
              message: 'The client and the service worker never import server code; share it through domain/.',
            },
            {
              from: { element: { type: 'platform' } },
              disallow: { to: { element: { type: 'module' } } },
              message:
                'server/platform is what every module builds on: it never imports a module (a module hands it what it needs).',
            },
            {
              from: { element: { type: 'module' } },
              disallow: { to: { element: { type: 'module', fileInternalPath: '!server/modules/*/index.ts' } } },
              message:
                'A module reaches another only through what that module exports on purpose: its index.ts (server/modules/<area>/index.ts).',
            },
            {
              from: { element: { type: 'module' } },
              allow: { to: { element: { type: 'module', captured: { area: '{{ from.area }}' } } } },
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature' } } },
              message:
                "A feature does not import another feature's internals; move the shared piece to ui/, api/, session/ or domain/.",
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { featureName: '{{ from.featureName }}' } } } },
            },
            {
              from: { element: { types: { anyOf: ['feature', 'ui', 'api', 'session', 'realtime', 'offline'] } } },
              disallow: { to: { element: { type: 'app' } } },
              message: 'src/app is the shell (router, providers, layout, guards): nothing below it imports it.',
            },
            {
              from: { element: { types: { anyOf: ['ui', 'api', 'offline'] } } },
              disallow: { to: { element: { type: 'feature' } } },
              message: 'ui/, api/ and offline/ are the core features build on: they import no feature.',
            },
            {
              from: { element: { type: 'worker' } },
              disallow: { to: { element: { types: { anyOf: CLIENT_TYPES.filter((t) => t !== 'offline-engine') } } } },
              message: WORKER_REACH,
            },
            {
              from: { element: { type: 'offline-engine' } },
              disallow: { to: { element: { types: { anyOf: CLIENT_TYPES.filter((t) => t !== 'offline-engine') } } } },
              message: WORKER_REACH,
            },
          ],
        },
      ],
    },
  },
);
