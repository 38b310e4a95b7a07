import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './scripts/lint/layers.mjs';

const nodeOnly = ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'net', 'os', 'child_process', 'electron', 'better-sqlite3', 'keytar', 'usb', 'ws', 'pngjs', 'pdfkit', 'node-thermal-printer'];
const restrict = (message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: nodeOnly, message }] }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The house plan: imports run down the layers (kernel -> services -> composition -> entry points).
  {
    files: ['electron/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}'],
    plugins: { layers: layersPlugin(import.meta.dirname) },
    rules: { 'layers/imports-run-down': 'error' },
  },
  // The process boundary is visible and checked: shared/ runs in both processes.
  { files: ['shared/**/*.ts'], rules: restrict('shared/ is pure TypeScript: no Node, Electron or native imports.') },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict('The renderer talks only to window.station: no Node, Electron or native imports.'),
    },
  },
);
