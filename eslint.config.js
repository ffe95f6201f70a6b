// ESLint for the whole workspace. `npm run lint:code` runs it with --max-warnings=0.
//
// Rule set: typescript-eslint's strictTypeChecked (recommendedTypeChecked plus the strict rules that find dead
// conditions, needless assertions and unsafe template values), with type information from tsconfig.json. The
// handful of rules switched off below are listed with the reason each is noise here; the ones that find real bugs
// (no-floating-promises, no-misused-promises, await-thenable, no-unnecessary-*, no-unsafe-*) stay on.
//
// Boundaries: boundaries/layers (scripts/lint/boundaries-plugin.js) encodes the layers of packages/server/src and packages/engine/src (each
// layer imports only from the layers below it) and the direction between packages; the zones are generated from the
// ordered lists below, and test/lint/boundaries.test.ts proves an upward import fails.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/lint/boundaries-plugin.js';

const root = import.meta.dirname;

/**
 * Layers, top first. An entry is a folder or a file under `dir`; a file may import from its own layer and from any
 * layer below it, never from one above. test/lint/boundaries.test.ts checks every entry of `dir` is placed.
 */
export const layers = {
  server: {
    dir: 'packages/server/src',
    order: [
      // index.ts and background.ts are the package's faces (@seo-geo/server, @seo-geo/server/background); processes/ holds what runs as a process.
      ['index.ts', 'background.ts', 'processes/', 'admin/', 'composition/'],
      ['http/'],
      ['handlers/'],
      ['services/'],
      ['webhooks/', 'jobs/'],
      ['views/'],
      // config/ reads storage's connection types, so it stands above storage/, not on the ground floor.
      ['config/'],
      ['storage/'],
      ['domain/', 'support/', 'ratelimit/', 'docs/'],
    ],
  },
  engine: {
    dir: 'packages/engine/src',
    order: [
      ['index.ts'],
      ['audit/'],
      ['site-checks/', 'page/', 'brief/'],
      ['answer-engines/', 'score/'],
      ['render/', 'crawl/', 'analyse/'],
      ['net/', 'site/', 'markup/', 'compact/', 'language/'],
      ['types.ts'],
    ],
  },
};

/** Which workspace packages a package must not import (by name or by path); `target` is the importing side. */
const packageRules = [
  { target: 'packages/types', from: ['engine', 'server', 'client', 'cli'], why: '@seo-geo/types is the contract: it imports no other workspace package' },
  { target: 'packages/engine', from: ['server', 'client', 'cli'], why: '@seo-geo/engine knows nothing of the API server, the SDK or the CLI' },
  { target: 'packages/client', from: ['server', 'engine', 'cli'], why: '@seo-geo/client speaks to the API over HTTP and depends on @seo-geo/types alone' },
  { target: 'packages/cli/src', from: ['server', 'engine'], why: 'the CLI is a client of the public API: it goes through @seo-geo/client' },
  { target: 'packages/server/src', from: ['client', 'cli'], why: 'the server does not depend on its own SDK or CLI' },
];

function layerZones(name, { dir, order }) {
  const show = (layer) => layer.join(' ');
  return order.slice(1).map((layer, i) => {
    const above = order.slice(0, i + 1);
    const below = order.slice(i + 1);
    return {
      target: layer.map((entry) => `${dir}/${entry}`),
      from: above.flat().map((entry) => `${dir}/${entry}`),
      message: `Layer rule (${name}): ${show(layer)} may import only from its own layer or below (${below.slice(1).map(show).join(' > ') || 'nothing'}), never from above (${above.map(show).join(' > ')}).`,
    };
  });
}

const zones = [
  ...layerZones('server', layers.server),
  ...layerZones('engine', layers.engine),
  ...packageRules.map(({ target, from, why }) => ({
    target,
    from: from.map((pkg) => `packages/${pkg}`),
    message: `Package rule: ${why}.`,
  })),
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      // Written by scripts/compile.js.
      'packages/*/compiled/',
      '.lint/',
      '.pack/',
      '.bench/',
      'coverage/',
      'docs-build/',
      'data/',
      '.vitest-cache/',
      // Written by `npm run generate` (scripts/generate) and scripts/schemaorg.
      'packages/types/generated/',
      '**/*.generated.ts',
      // Written and removed by the docs tests while they run.
      'test/docs/.served-sample.ts',
      'test/docs/.intro-webhook-check.ts',
      // Fixtures that must fail to compile.
      '**/fixtures/type-errors/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // Files outside tsconfig.json's include: the root config files and the SDK example.
          allowDefaultProject: ['eslint.config.js', 'vitest.config.ts', 'packages/client/examples/*.ts'],
          defaultProject: 'tsconfig.json',
        },
        tsconfigRootDir: root,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Off: tsconfig has noUncheckedIndexedAccess, so `xs[i]!` on an index proven in range is this codebase's idiom.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Numbers and booleans read fine in messages; `${undefined}`, `${null}`, `${object}` and `${any}` (the bugs) do not.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true, allowNullish: false, allowAny: false, allowRegExp: false, allowNever: false },
      ],
      // `() => this.halt('x')` and `if (json) return io.out(text);` in a void function are clear; a void result used as a
      // value (`const x = log()`, `a || voidCall()`) is still reported.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
      // `let x; later(() => x); x = ...`: a closure may read the variable before its one assignment.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Leading-underscore parameters and caught errors are deliberately unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests: parsed JSON bodies are `any` on purpose (the test asserts their shape with expect), spies are passed
    // as unbound methods to expect(), negative tests hand ill-typed input to the API, fakes implement
    // Promise-returning interfaces with plain async bodies, afterAll guards (`server?.close()`) cover a beforeAll
    // that failed, which the types cannot see, and a stray `undefined` in a test's string fails its assertion anyway.
    files: ['**/test/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowAny: true, allowNullish: true }],
    },
  },
  {
    // The SDK's runnable sample is shown verbatim in its README: a `null` request id may print as such there.
    files: ['packages/*/examples/**'],
    rules: { '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }] },
  },
  {
    // Storage rows: the drivers (pg, better-sqlite3) return bigint/numeric columns as strings or bigints whatever the
    // Kysely row type says, so Number(row.x) / String(row.x) are conversions, not redundancies.
    files: ['packages/server/src/storage/**'],
    rules: { '@typescript-eslint/no-unnecessary-type-conversion': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    plugins: { boundaries },
    rules: {
      'boundaries/layers': ['error', { basePath: root, zones }],
    },
  },
  {
    files: ['packages/*/src/**'],
    rules: {
      // A package's source reaches another package by its name (@seo-geo/...), never through ../../other/src.
      'boundaries/no-relative-packages': ['error', { basePath: root }],
      // Node keeps every AbortSignal.any() result in its sources' dependants while they live: one a fetch of a crawl.
      'no-restricted-properties': [
        'error',
        { object: 'AbortSignal', property: 'any', message: 'Use linkedSignal (@seo-geo/engine), which lets go of its sources when released.' },
      ],
    },
  },
  prettier,
);
