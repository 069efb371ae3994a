import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.data/', '.astro/', 'node_modules/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-throw-literal': 'error',
    },
  },
  {
    // Server code: a promise nobody awaits is a lost error or a lost write.
    files: [
      'api/**/*.ts',
      'projections/**/*.ts',
      'workflows/**/*.ts',
      'infrastructure/**/*.ts',
      'runtime/**/*.ts',
      'shared/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    // Building an Intl formatter costs far more than using one; the site shares them (site/i18n/intl.ts).
    files: ['site/**/*.ts', 'site/**/*.tsx'],
    ignores: ['site/i18n/intl.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl']",
          message: 'Use numberFormat() or dateTimeFormat() from site/i18n/intl.ts: they build each formatter once.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/][arguments.length>0]',
          message:
            'Use numberFormat() or dateTimeFormat() from site/i18n/intl.ts: toLocaleString builds a formatter per call.',
        },
      ],
    },
  },
  {
    // The integration and journey files of a vitest worker share its process (vitest.config.ts,
    // isolate: false): a changed environment or a mocked module would carry over into the next file.
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']",
          message: 'Test files share a process: pass settings to the app or child process instead of process.env.',
        },
        {
          selector:
            "UnaryExpression[operator='delete'] > MemberExpression[object.object.name='process'][object.property.name='env']",
          message: 'Test files share a process: pass settings to the app or child process instead of process.env.',
        },
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubEnv|stubGlobal)$/]",
          message: 'Test files share a process: a mocked module or a stubbed global would reach the next file.',
        },
      ],
    },
  },
  prettier,
);
