import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './scripts/eslint/feature-boundaries.mjs';

/** What formats a date outside the one helper (issue 46.9): banned so that every date goes through dates.ts. */
const DATE_FORMATTING_BANS = [
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
    message: 'Format dates with formatDate/formatDateTime/formatTime of @lyceum/contract/constants (dates.ts).',
  },
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: 'Format dates with formatDate/formatDateTime/formatTime of @lyceum/contract/constants (dates.ts).',
  },
  {
    selector: "CallExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: 'Format dates with formatDate/formatDateTime/formatTime of @lyceum/contract/constants (dates.ts).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@lyceum/contract',
              allowTypeImports: true,
              message:
                'Import run-time values from @lyceum/contract/constants and only types (import type) from here: this entry brings zod into the page. Forms load their schemas with lazySchema (lib/form-errors.ts). ADR 013.',
            },
            {
              name: 'react-intl',
              message:
                'Import useIntl, FormattedMessage and defineMessages from src/i18n (intl.tsx, define-messages.ts): react-intl adds 23 KB to every page and reads the precompiled catalogues wrongly. ADR 052.',
            },
          ],
          patterns: [
            {
              group: ['**/apps/server/**', '@lyceum/server'],
              message: 'The web app imports @lyceum/contract, never server code.',
            },
            {
              group: ['**/form-schemas'],
              allowTypeImports: true,
              message:
                'Forms load the schemas with lazySchema (lib/form-errors.ts): a static import puts zod in the page.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one module that holds the contract's schemas for the browser (loaded with import()), and the tests,
    // which run in Node and may check the app against the schemas.
    files: ['apps/web/src/lib/form-schemas.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // @lyceum/contract/constants is what the browser loads at run time: no zod, and no schema module (ADR 013).
    files: ['packages/contract/src/constants/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', '../*'],
              message: 'constants/ stays free of zod and of the schema modules: the web app loads it on every page.',
            },
          ],
        },
      ],
    },
  },
  {
    // One date helper (issue 46.9, ADR 050): every date is written by packages/contract/src/constants/dates.ts, in the
    // reader's time zone. (Numbers on screens go through lib/format.ts's formatCount.)
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/constants/dates.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...DATE_FORMATTING_BANS,
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message: 'Dates go through the helper of @lyceum/contract/constants (dates.ts), numbers through formatCount.',
        },
      ],
    },
  },
  {
    // The server too (notification texts, e-mails, certificates, CSV); config.ts only checks DEFAULT_TIME_ZONE.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: { 'no-restricted-syntax': ['error', ...DATE_FORMATTING_BANS] },
  },
  {
    // The seed uses a feature's public module (its index.ts), never its internals (issue 45.6).
    files: ['apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#features/[^/]+/(?!index\\.js$)',
              message: "Import a feature's public module (#features/<name>/index.js), not its internals.",
            },
          ],
        },
      ],
    },
  },
  {
    // Features never import each other, on either side (scripts/eslint/feature-boundaries.mjs, ADR 058).
    files: ['apps/server/src/features/**/*.ts', 'apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { lyceum: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'lyceum/feature-boundaries': 'error' },
  },
  {
    files: ['scripts/**/*.mjs', '**/*.config.{js,ts,mjs}', 'apps/server/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
