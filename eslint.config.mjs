// The lint gate (`npm run lint`, part of `npm test`): ESLint's recommended rules,
// typescript-eslint, the React hooks rules and jsx-a11y on the site's code and its tests.
// Type-checking itself is `tsc --noEmit` in the same script; Prettier checks the layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    // Generated output, never committed, and vendored nothing.
    ignores: [
      'build/',
      '.docusaurus/',
      'docs/api/',
      'node_modules/',
      'test-results/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Node code: config, plugins' build-time parts, scripts and tests.
    files: ['**/*.{js,mjs,cjs,ts}'],
    languageOptions: {globals: {...globals.node}},
  },
  {
    // Code that runs in the browser: components, theme wrappers, client modules.
    files: ['src/**/*.{ts,tsx,js}'],
    languageOptions: {globals: {...globals.browser}},
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_'},
      ],
      // Playwright reads a test's fixtures from its first parameter's pattern: `({}, testInfo)`.
      'no-empty-pattern': ['error', {allowObjectPatternsAsParameters: true}],
    },
  },
  {
    // CommonJS modules shared with plain Node scripts (tests/lib/*.cjs).
    files: ['**/*.cjs'],
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
);
