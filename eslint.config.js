import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'data/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.builds/',
      '.e2e-data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Islands and the isomorphic helpers run in the browser: they must never reach into server code.
    files: ['src/islands/**', 'src/lib/**', 'src/i18n/**'],
    ignores: ['src/i18n/server.ts', 'src/i18n/messages.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/i18n/server*', '**/i18n/messages*'],
              message: 'Browser code must not import server-only modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // Pages, components and layouts reach server code through one door: the loaders in src/server/pages/.
    files: ['src/pages/**', 'src/components/**', 'src/layouts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/services/**', '**/server/db/**', '**/server/routes/**', '**/server/jobs/**'],
              message: 'Pages load their data through a loader in src/server/pages/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Background work logs through the redacting JSON logger (src/server/ops/logger.ts), never the
    // console: its errors can quote tokens or signed URLs, and log shippers expect one JSON object per line.
    files: [
      'src/server/jobs/**/*.ts',
      'src/server/search/sync/**/*.ts',
      'src/server/services/archives/**/*.ts',
      'src/server/services/moderation/**/*.ts',
      'src/server/ops/background-errors.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: { 'no-console': 'error' },
  },
);
