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
);
