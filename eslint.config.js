// Lint rules for the whole repository: syntax-level checks only (no type information), so
// `npm run lint` stays fast on two cores; `tsc --noEmit` is the type check.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundariesPlugin } from './scripts/import-boundaries.mjs';

export default defineConfig(
  { ignores: ['build/', 'var/', 'node_modules/', 'public/build/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // One rule for JS and TS files; `_`-prefixed names are deliberately unused (Remix's
      // positional arguments, destructuring that drops a key).
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The app runs in both places: route modules and ui/ render in the browser too.
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // The layers of shared/conventions.md: routes -> ui, lib, server; ui -> lib; server -> lib, db;
    // lib -> nothing of ours; db and migrations -> nothing in app/ (scripts/import-boundaries.mjs).
    files: ['app/**/*.{ts,tsx}', 'db/**/*.ts', 'migrations/**/*.ts'],
    plugins: { sightline: boundariesPlugin },
    rules: { 'sightline/boundaries': 'error' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
