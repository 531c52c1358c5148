// eslint (flat config) with typescript-eslint's recommended rules, for the extension's own code:
// the server, the client, the webview, the tests and the scripts. Formatting is prettier's job
// (`npm run lint` runs both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'out/', 'node_modules/', '.vscode-test/', 'media/dist/', 'test-results/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // TypeScript checks names; the .mjs scripts run on Node, whose globals eslint does not know.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Bad-input checks match control characters on purpose.
      'no-control-regex': 'off',
      // A variable a closure reads before its one assignment cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Type-aware rules (as vscode-eslint does): a promise nobody awaits or catches fails unseen,
    // and an async function handed to a void callback (an event, a timer) turns its failure into
    // an unhandled rejection. They need the types, so they read the project's tsconfig through
    // typescript-eslint's project service; the files are the ones that tsconfig covers.
    files: ['**/*.ts', '**/*.mts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // VS Code's API answers Thenables, not Promises: a failure there goes unseen alike.
          checkThenables: true,
          // node:test's `test()`/`describe()` register a test; the runner awaits it and reports its
          // failure, so the promise they return is not floating.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
      // That allowance also covers a subtest, `t.test()` (same name, same package), which the
      // runner cancels when its parent ends first: a subtest must be awaited.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExpressionStatement > CallExpression > MemberExpression.callee[property.name="test"]',
          message: 'Await a subtest (`await t.test(...)`): the parent test does not wait for it otherwise.',
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The simulator's contract tests read raw JSON answers field by field.
    files: ['test/unit/hub-sim/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
