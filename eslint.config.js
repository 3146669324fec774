import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

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
  // Import boundaries: domain/ stands alone; the client and the worker never reach into server/;
  // a feature never reaches into another feature (shared pieces live in ui/, api/ or domain/).
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
        { type: 'server', pattern: 'server/**', partialMatch: false },
        { type: 'worker', pattern: 'service-worker/**', partialMatch: false },
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
              disallow: { to: { element: { types: { anyOf: ['server', 'worker', 'client', 'feature'] } } } },
              message: 'domain/ is shared by the client, the worker and the server: it imports none of them.',
            },
            {
              from: { element: { types: { anyOf: ['client', 'feature', 'worker'] } } },
              disallow: { to: { element: { type: 'server' } } },
              message: 'The client and the service worker never import server code; share it through domain/.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature' } } },
              message:
                "A feature does not import another feature's internals; move the shared piece to ui/, api/ or domain/.",
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { featureName: '{{ from.featureName }}' } } } },
            },
          ],
        },
      ],
    },
  },
);
