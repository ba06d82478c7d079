import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
      '**/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-refresh/only-export-components': 'off',
    },
  },
  {
    files: ['scripts/**/*.mjs', '**/bench/**/*.ts', 'packages/recurring/src/cli.ts'],
    rules: { 'no-console': 'off' },
  },

  // Server boundaries. A module reaches another only through the composition (deps.ts: a function
  // it is given) or a job, reading another module's tables at most; core code speaks to providers
  // through their ports and never names an adapter (deps.ts and the provider factories pick one).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'apps/server/src/deps.ts',
      'apps/server/src/config.ts',
      'apps/server/src/providers/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/providers/**/*.plaid',
                '**/providers/**/*.twilio',
                '**/providers/**/*.smtp',
                '**/providers/**/*.outbox',
                '**/providers/**/*.factory',
                '**/providers/**/sandbox/*',
                '!**/*.schema',
                '!**/*.tables',
              ],
              allowTypeImports: true,
              message:
                'Core code speaks to a provider through its port; deps.ts picks the adapter.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*', '!../../**', '!../*/*.schema', '!../*/*.tables'],
              message:
                'A module reaches another only through deps.ts (a function it is given) or a job; import its tables at most.',
            },
            {
              group: [
                '**/providers/**/*.plaid',
                '**/providers/**/*.twilio',
                '**/providers/**/*.smtp',
                '**/providers/**/*.outbox',
                '**/providers/**/*.factory',
                '**/providers/**/sandbox/*',
                '!**/*.schema',
                '!**/*.tables',
              ],
              allowTypeImports: true,
              message:
                'Core code speaks to a provider through its port; deps.ts picks the adapter.',
            },
          ],
        },
      ],
    },
  },
);
