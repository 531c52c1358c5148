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
    // The simulator's contract tests read raw JSON answers field by field.
    files: ['test/unit/hub-sim/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
