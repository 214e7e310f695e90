// One lint for the whole monorepo. Besides style, it fences the architecture:
// imports point down only (see docs/ARCHITECTURE.md) and pure packages never touch effect globals.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { circleRules, effectGlobals, layerRules, pureGlobs, testGlobs } from './scripts/lint-architecture.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-test/**',
      'data/**',
      'bench/results/**',
      '.e2e-artifacts/**',
      // tsc -b's declarations and build info (scripts/typecheck.mjs).
      '.cache/**',
      '**/*.d.ts',
      '**/*.d.mts',
      'scripts/lint-fixtures/**',
      '**/baselines/**',
      '**/cases/**',
      '**/test-fixtures/**',
      '**/vendor/**',
      // Learner programs, checked by compiling them with our own compiler, not by our lint.
      'content/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.es2023 },
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'apps/web/vite.config.ts',
            'apps/web/vite.test-pages.config.ts',
            'apps/web/vitest.config.ts',
            'apps/web/build/*.ts',
            'apps/cli/vitest.config.ts',
          ],
          // The web app's build helpers (Vite plugins, their scripts and tests) are small files
          // outside any tsconfig (26 with the configs in 2026-11); more than the default 8 is fine.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 40,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: { ...globals.node },
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: [
      'scripts/**',
      'apps/server/**',
      'apps/cli/**',
      'e2e/**',
      'bench/**',
      '*.config.ts',
      '**/vite.config.ts',
      '**/vitest.config.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/web/**', 'packages/sim/**', 'packages/device/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.tsx', 'packages/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The import direction, one block per layer (see scripts/lint-architecture.js).
  ...layerRules(),
  // No import circles where none are left (see scripts/lint-architecture.js).
  ...circleRules(),
  // Effect globals are banned in pure packages; each message names the injected wrapper.
  {
    files: pureGlobs,
    ignores: testGlobs,
    rules: {
      'no-restricted-globals': ['error', ...effectGlobals.map(({ name, message }) => ({ name, message }))],
      'no-restricted-properties': [
        'error',
        ...effectGlobals.flatMap(({ name, message }) =>
          ['globalThis', 'window', 'self', 'global'].map((object) => ({ object, property: name, message })),
        ),
      ],
    },
  },
  prettier,
);
