// ESLint flat config for the whole monorepo (run from the root: `npm run lint`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']", message: 'No focused tests: they hide the rest of the suite.' },
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='skip']", message: 'No skipped tests.' },
      ],
    },
  },
);
