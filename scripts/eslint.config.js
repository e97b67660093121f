// ESLint flat config for the whole monorepo (run from the root: `npm run lint`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const deepModuleImport = {
  regex: '^@alterna/(?!core/|workflows/)[a-z-]+/(?!validation$|types$|locales$|workflow-contract$)',
  message: "Import another module through its index, /validation, /types, /locales or /workflow-contract entry, never its files.",
};

const focusedOrSkipped = [
  { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']", message: 'No focused tests: they hide the rest of the suite.' },
  { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='skip']", message: 'No skipped tests.' },
];

// Time is an input: the server asks the core's clock (now(), nowMs(), todayIn()), so a test can run at any instant.
const clockMessage = "Ask the core's clock (now() or nowMs() from @alterna/core/clock; realNow() for deadlines and durations), not the machine's.";
const readsTheMachineClock = [
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: clockMessage },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: clockMessage },
  { selector: "CallExpression[callee.object.name='DateTime'][callee.property.name=/^(now|local)$/][arguments.length=0]", message: clockMessage },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-types/**', 'web/src/routeTree.gen.ts', '.data/**', 'tests/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', fetch: 'readonly', performance: 'readonly', window: 'readonly', document: 'readonly', navigator: 'readonly', localStorage: 'readonly', AbortController: 'readonly', FormData: 'readonly', Response: 'readonly', HTMLElement: 'readonly', HTMLFormElement: 'readonly', HTMLInputElement: 'readonly', Event: 'readonly' },
    },
    rules: {
      // Module contracts take handlers and activities of many shapes; `any` is allowed where typed generics would only add noise.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': ['error', ...focusedOrSkipped],
      // A module's public surface is its index, its validation and its types entries (package.json exports).
      'no-restricted-imports': ['error', { patterns: [deepModuleImport] }],
    },
  },
  {
    // Server code (services, activities' code, validations, seeds); workflow code has Temporal's own clock.
    files: ['core/src/**/*.ts', 'dev/src/**/*.ts', 'modules/*/src/**/*.ts'],
    ignores: ['core/src/clock.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...focusedOrSkipped, ...readsTheMachineClock] },
  },
  {
    // The browser gets validation schemas, option lists and types only: nothing that reaches a migration,
    // knex, PostgreSQL or Node built-ins (tests/unit/web-bundle.test.ts checks the built bundle too).
    files: ['web/src/**/*.{ts,tsx}'],
    // Only the two classic hook rules: the plugin's React Compiler rules judge code written for the compiler, which the web does not use.
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', {
        patterns: [
          deepModuleImport,
          { regex: '^@alterna/(core|[a-z-]+)$', message: 'A module index reaches its migrations and knex: import its /validation or /types entry.' },
          { regex: '^@alterna/core/(?!validation$|operations/types$)', message: 'The web may import @alterna/core/validation and @alterna/core/operations/types only.' },
          { regex: '^(node:.*|knex|pg|objection|@electric-sql/pglite|nodemailer|fs|path|crypto|os|child_process)$', message: 'Server-only package: the web client cannot import it.' },
        ],
      }],
    },
  },
);
