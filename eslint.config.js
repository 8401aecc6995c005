// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'screenshots', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/admin/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Page code never reaches into the server, and the server never renders React (docs/architecture.md,
    // "The layer rules").
    files: ['src/client/**/*.{ts,tsx}', 'src/admin/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/shared/**/*.ts', 'src/content/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/server/**', 'node:*', 'fastify', 'kysely'],
          // The pages' schemas come from src/shared/zod.ts, which keeps zod from probing for eval under
          // the page's policy.
          paths: [{ name: 'zod', message: "Import { z } from src/shared/zod.ts: it sets zod's jitless mode before any schema exists." }],
        },
      ],
    },
  },
  {
    files: ['src/shared/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*', 'fastify', 'kysely'] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '**/client/**', '**/admin/**', '**/ui/**'] }] },
  },
);
