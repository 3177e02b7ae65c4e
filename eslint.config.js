// `npm run lint`. Fast and untyped on purpose: `npm run typecheck` (tsc) already does the type
// work, so only the non-type-checked typescript-eslint rules run here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores, includeIgnoreFile } from 'eslint/config';
import { fileURLToPath } from 'node:url';

// The Node globals our plain .js/.mjs scripts use (TypeScript files get no-undef from tsc instead).
const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'AbortController', 'AbortSignal', 'fetch', 'performance',
    'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask',
    'structuredClone', 'TextEncoder', 'TextDecoder'].map((name) => [name, 'readonly']),
);

export default defineConfig([
  // Whatever git ignores (build outputs such as dist/ and dist-server/, data dirs, reports) is not ours to lint.
  includeIgnoreFile(fileURLToPath(new URL('.gitignore', import.meta.url)), 'Files ignored by git'),
  globalIgnores([
    '**/dist/', '**/node_modules/', 'coverage/', 'test-results/', 'playwright-report/', 'data/', '.tmp/', '.tanstack/',
    'src/app/route-tree.gen.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_',
        ignoreRestSiblings: true,
      }],
      // `declare module '…' { interface StaticDataRouteOption extends RouteMeta {} }` is how
      // TanStack Router (and TypeScript declaration merging generally) is extended.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // `{} extends InputOf<A> ? optional : required` is the type-level test "are all fields
    // optional?"; `{}` is meant literally there, not as "any non-nullish value".
    files: ['src/shared/api-client.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends', allowObjectTypes: 'always' }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Tests talk to untyped JSON envelopes and fake clients all the time.
    files: ['tests/**', 'e2e/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A measuring script, not product code: its errors already carry the cause's text.
    files: ['tests/bench/**'],
    rules: { 'preserve-caught-error': 'off' },
  },
]);
