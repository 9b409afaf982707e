// Lint: typescript-eslint with type information (TypeScript 5.9: typescript-eslint supports < 6.1),
// plus the one-way import rules of ARCHITECTURE.md.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.bench/**',
      '.lighthouse/**',
      'apps/server/migrations/**',
      // The whole-system simulation's bundled node (test/sim/node-process.ts), built when it runs.
      'apps/server/.sim/**',
      'screenshots/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify handlers and interface implementations are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Amounts are decimals: use @swx/money.' },
      ],
    },
  },
  {
    // Plain JS (build and run scripts) has no types to check against.
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.test.ts', '**/test/**', '**/e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['packages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@swx/server', '@swx/web', '@swx/admin', '**/apps/**'],
              message: 'packages never import apps',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**', 'apps/admin/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@swx/server', '**/apps/server/**', '**/server/src/**'],
              message: 'web apps never import the server',
            },
          ],
        },
      ],
    },
  },
  // The customer app's one-way imports (STYLE.md): shared -> features -> app. Each block repeats
  // the "never the server" pattern because a later no-restricted-imports replaces an earlier one.
  {
    files: ['apps/web/src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@swx/server', '**/apps/server/**', '**/server/src/**'],
              message: 'web apps never import the server',
            },
            {
              group: ['**/features/**', '**/app/**'],
              message: 'shared code never imports a feature or the app',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@swx/server', '**/apps/server/**', '**/server/src/**'],
              message: 'web apps never import the server',
            },
            { group: ['**/app/**'], message: 'a feature never imports the app layer' },
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\.)',
              message: 'a feature never imports another feature (move shared code to shared/)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@swx/server', '**/apps/server/**', '**/server/src/**'],
              message: 'web apps never import the server',
            },
            { group: ['**/app/**'], message: 'a feature never imports the app layer' },
            {
              regex: '^\\.\\./(?!\\.\\.)',
              message: 'a feature never imports another feature (move shared code to shared/)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/.]+/(?!index$).+',
              message: 'another module is reached through its index.ts',
            },
            {
              group: ['fastify'],
              message: 'only *.routes.ts and *.module.ts may import fastify',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes are the HTTP layer, and a module's entry (*.module.ts) registers them: both may use
    // Fastify's types; the module rule still applies.
    files: ['apps/server/src/modules/**/*.routes.ts', 'apps/server/src/modules/**/*.module.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/.]+/(?!index$).+',
              message: 'another module is reached through its index.ts',
            },
          ],
        },
      ],
    },
  },
);
