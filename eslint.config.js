// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { basename } from 'node:path';

/**
 * File names are kebab-case. React Router's
 * `+types` and dotted suffixes (.server, .test, .d) are allowed.
 */
const kebabCaseFiles = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    return {
      Program(node) {
        const name = basename(context.filename).replace(/(\.[a-z]+)+$/, '');
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) {
          context.report({
            node,
            message: `File name "${basename(context.filename)}" is not kebab-case.`,
          });
        }
      },
    };
  },
};

/** The layers: src/app never imports src/server; src/shared imports neither. */
const layer = (forbidden, message) => ({
  'no-restricted-imports': [
    'error',
    { patterns: forbidden.map((group) => ({ group: [group], message })) },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: {
      local: { rules: { 'kebab-case-files': kebabCaseFiles } },
      'react-hooks': reactHooks,
    },
    rules: {
      'local/kebab-case-files': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/app/**'],
    rules: layer(['**/server/**', '**/src/server/**'], 'src/app must not import src/server.'),
  },
  {
    files: ['src/shared/**'],
    rules: layer(
      ['**/server/**', '**/app/**', 'react', 'react-dom', 'react-router', 'node:*'],
      'src/shared is isomorphic and imports neither src/app nor src/server.',
    ),
  },
);
