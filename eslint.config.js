// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { basename, dirname, relative, resolve } from 'node:path';

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

const ROOT = import.meta.dirname;
const FEATURES = resolve(ROOT, 'src/app/features');
const APP = resolve(ROOT, 'src/app');

/** Reports every relative import (static, dynamic, re-export) that `allowed` refuses. */
function importRule(allowed) {
  return {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const check = (node, source) => {
        if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
        const target = resolve(dirname(context.filename), source.value);
        const message = allowed(context.filename, target);
        if (message) context.report({ node, message });
      };
      return {
        ImportDeclaration: (node) => check(node, node.source),
        ImportExpression: (node) => check(node, node.source),
        ExportNamedDeclaration: (node) => check(node, node.source),
        ExportAllDeclaration: (node) => check(node, node.source),
      };
    },
  };
}

/** The feature a path is in (src/app/features/<name>/…), or null. */
const featureOf = (path) => {
  const inside = relative(FEATURES, path);
  return inside.startsWith('..') ? null : inside.split('/')[0];
};

const STAFF = resolve(APP, 'staff');
const STAFF_KIT = resolve(APP, 'staff-kit');
const inside = (folder, path) => !relative(folder, path).startsWith('..');

/**
 * The three public guest pages' imports of another feature, which the guest
 * form kit (issue 37, item 1) takes out: until then they are the only ones
 * allowed. Empty this list, never add to it.
 */
/**
 * A feature never imports another feature: what two features share lives in
 * the staff kit (src/app/staff-kit/), the staff layer (src/app/staff/, through
 * its index.ts), src/app/components/ or src/shared/. (Test files may use the
 * staff layer's test helpers.) Routes (src/app/routes/) are where features
 * meet.
 */
const featureBoundaries = importRule((file, target) => {
  const from = featureOf(file);
  if (!from) return null;
  const to = featureOf(target);
  if (to && to !== from) {
    return `features/${from} must not import features/${to}: share it through src/app/staff-kit/, src/app/staff/ or src/app/components/.`;
  }
  if (inside(STAFF, target) && target !== resolve(STAFF, 'index.ts')) {
    if (/\.test\.tsx?$/.test(file) && basename(target).startsWith('test-utils')) return null;
    return `features/${from} may use src/app/staff only through src/app/staff/index.ts.`;
  }
  return null;
});

/** The staff layer and the kit sit under the features: they never import one. */
const layersBelowFeatures = importRule((file, target) =>
  (inside(STAFF, file) || inside(STAFF_KIT, file)) && featureOf(target)
    ? 'src/app/staff and src/app/staff-kit import no feature (features build on them).'
    : null,
);

/** The server imports nothing from the app but the shared context token's module. */
const serverUsesAppContextOnly = importRule((_file, target) =>
  !relative(APP, target).startsWith('..') && target !== resolve(APP, 'context.ts')
    ? 'src/server imports nothing from src/app but src/app/context.ts.'
    : null,
);

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
      local: {
        rules: {
          'kebab-case-files': kebabCaseFiles,
          'feature-boundaries': featureBoundaries,
          'layers-below-features': layersBelowFeatures,
          'server-uses-app-context-only': serverUsesAppContextOnly,
        },
      },
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
    // No import circles: a module's dependencies load before it, and a
    // reader can follow the code one way (README, "Follow a request"). This
    // rule passes over `import type`; scripts/import-cycles.test.ts covers those.
    files: ['src/**', 'scripts/**', 'e2e/**', 'bench/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/app/**'],
    rules: {
      ...layer(['**/server/**', '**/src/server/**'], 'src/app must not import src/server.'),
      'local/feature-boundaries': 'error',
      'local/layers-below-features': 'error',
    },
  },
  {
    files: ['src/server/**'],
    rules: { 'local/server-uses-app-context-only': 'error' },
  },
  {
    files: ['src/shared/**'],
    rules: layer(
      ['**/server/**', '**/app/**', 'react', 'react-dom', 'react-router', 'node:*'],
      'src/shared is isomorphic and imports neither src/app nor src/server.',
    ),
  },
);
