import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's boundaries (docs/architecture.md, "Web"): a feature never imports another feature — the
 * routes under `app/` compose them — and `lib/` and `components/` never import a feature or the
 * app. Every folder under `features/` is a feature, so a new one is covered without a change here.
 * Written with ESLint's own no-restricted-imports (by the `@/` alias and by relative paths at each
 * depth) rather than a resolver plugin, whose native bindings the registry may not carry.
 */
const webSrc = 'apps/web/src';
const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureMessage = 'Features do not import each other: compose them in a route under app/.';
const MAX_DEPTH = 5;
const webBoundaries = [
  ...webFeatures.flatMap((feature) =>
    Array.from({ length: MAX_DEPTH }, (_, depth) => {
      const up = `(\\.\\./){${depth + 1}}`;
      return {
        files: [`${webSrc}/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                { regex: `^@/features/(?!${feature}(/|$))`, message: featureMessage },
                { regex: `^${up}(?!${feature}(/|$))[^./][^/]*(/|$)`, message: featureMessage },
                {
                  regex: `^${up}\\.\\./(\\.\\./)*features/(?!${feature}(/|$))`,
                  message: featureMessage,
                },
              ],
            },
          ],
        },
      };
    }),
  ),
  {
    files: [`${webSrc}/lib/**/*.{ts,tsx}`, `${webSrc}/components/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)(features|app)(/|$)',
              message: 'lib/ and components/ are shared by every feature, so they import none.',
            },
          ],
        },
      ],
    },
  },
];

/**
 * A module's imports of another module, from a file `depth` folders inside its own: that module's
 * zod schemas, and the types of what the composition hands it; never its tables, and its keys
 * (`*.keys.ts`, the ids a foreign key points at) only from a tables file. Written per depth, as
 * the web's boundaries are: from a nested folder the other modules are one more `../` away, and a
 * path that climbs out of `modules/` is core code.
 */
const moduleBoundary = (depth, { isTablesFile }) => {
  const modules = '../'.repeat(depth + 1);
  return {
    group: [
      `${modules}*/*`,
      `!${modules}../**`,
      `!${modules}*/*.schema`,
      ...(isTablesFile ? [`!${modules}*/*.keys`] : []),
    ],
    // The types of what the composition hands a module may come from the giver.
    allowTypeImports: true,
    message:
      "A module is the only reader and writer of its tables, and reaches another only through deps.ts (a function it is given), an event or a job; only a tables file may import another module's keys (*.keys.ts), for a foreign key.",
  };
};
const moduleFiles = (depth, name) => `apps/server/src/modules/*/${'*/'.repeat(depth)}${name}`;

/**
 * A provider's adapters (`<port>.<vendor>`), factory and helpers: anything in a provider folder
 * but its port (`<port>.ts`), its config slice and its tables. Core code imports the port only.
 */
const adapterImports = {
  group: [
    '**/providers/*/*.*',
    '**/providers/*/*/**',
    '**/providers/*/*-*',
    '!**/providers/*/*.config',
    '!**/*.tables',
    '!**/*.schema',
    '!**/providers/bank/bank-provider',
    '!**/providers/payment/payment-provider',
    '!**/providers/sms/sms-sender',
    '!**/providers/email/email-sender',
    '!**/providers/push/push-sender',
    '!**/providers/call-agent/call-agent',
    '!**/providers/chat-model/chat-model',
  ],
  allowTypeImports: true,
  message: 'Core code speaks to a provider through its port; deps.ts picks the adapter.',
};

/**
 * Core code (the jobs, the HTTP layer, the calls) reads a module's rows through the module, as
 * another module does; db/tables.ts only gathers every table into the schema Drizzle is given.
 */
const moduleTables = {
  group: ['**/modules/*/*.tables', '**/modules/*/**/*.tables'],
  allowTypeImports: true,
  message:
    "A module is the only reader and writer of its tables: core code reads them through the module's published functions.",
};

/**
 * No import cycles (docs/architecture.md, "Import cycles"), in the apps and the packages: a cycle
 * makes which file runs first depend on who imports first, and hides a layer leaning back on the
 * one above it. Only imports of values count; a type-only import vanishes from the build.
 */
const importResolver = fileURLToPath(
  new URL('scripts/eslint-import-resolver.cjs', import.meta.url),
);
export const noCycles = {
  files: ['apps/**/*.{ts,tsx,mjs}', 'packages/**/*.{ts,tsx,mjs}'],
  plugins: { import: importPlugin },
  settings: {
    'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import/resolver': { [importResolver]: { extensions: ['.ts', '.tsx', '.mjs', '.js'] } },
    'import/extensions': ['.ts', '.tsx', '.mjs', '.js'],
    // Packages from the registry cannot import our files back: never parse them.
    'import/ignore': ['node_modules'],
  },
  rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
};

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
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
      'jsx-a11y': jsxA11y,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-refresh/only-export-components': 'off',
    },
  },
  ...webBoundaries,
  noCycles,
  {
    files: [
      'scripts/**/*.mjs',
      '**/bench/**/*.ts',
      '**/bench/**/*.mjs',
      'packages/recurring/src/cli.ts',
    ],
    rules: { 'no-console': 'off' },
  },

  // Server boundaries. A module reaches another only through the composition (deps.ts: a function
  // it is given), an event (events/domain-events.ts) or a job, and is the only reader and writer of its tables; core code speaks to providers
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
      'no-restricted-imports': ['error', { patterns: [adapterImports, moduleTables] }],
    },
  },
  {
    files: ['apps/server/src/db/tables.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [adapterImports] }] },
  },
  ...Array.from({ length: MAX_DEPTH }, (_, depth) => [
    {
      files: [moduleFiles(depth, '*.ts')],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [moduleBoundary(depth, { isTablesFile: false }), adapterImports] },
        ],
      },
    },
    // A table may name another module's table, for a foreign key: only tables files may import one.
    {
      files: [moduleFiles(depth, '*.tables.ts')],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [moduleBoundary(depth, { isTablesFile: true }), adapterImports] },
        ],
      },
    },
  ]).flat(),
);
