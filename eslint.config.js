// `npm run lint`. Fast and untyped on purpose: `npm run typecheck` (tsc) already does the type
// work, so only the non-type-checked typescript-eslint rules run here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { defineConfig, globalIgnores, includeIgnoreFile } from 'eslint/config';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The Node globals our plain .js/.mjs scripts use (TypeScript files get no-undef from tsc instead).
const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'AbortController', 'AbortSignal', 'fetch', 'performance',
    'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask',
    'structuredClone', 'TextEncoder', 'TextDecoder'].map((name) => [name, 'readonly']),
);

// The layers (README "Layout", decision 0066). Paths are from the repository's root (ROOT), so the zones
// hold wherever ESLint is started from. `from` is what a file under `target` may not import.
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const FEATURES = readdirSync(new URL('src/app/features/', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory()).map((e) => e.name);

/**
 * Imports of a feature that are older than the rules, by file, as paths under src/app/features/.
 * Each should move into components/ or lib/ (and then leave this list); nothing is to be added.
 */
export const FEATURE_IMPORTS_TO_MOVE = {
  'src/app/features/auth/register-modal.tsx': ['admin/users/user-form-schema.ts'], // passwordRule
  'src/app/features/floor/floor-user-menu.tsx': ['shell/change-password.tsx', 'shell/user-menu.tsx', 'shell/session-actions.ts'],
  'src/app/features/rejections/request-modals.tsx': ['seller-orders/order-queries.ts'], // warehouseOptionsQuery
  'src/app/features/rejections/staff-modals.tsx': ['fees/fee-form.ts'], // pointsText
  'src/app/features/seller-orders/supply-freight-message.tsx': ['amount/queries.ts'], // balanceQuery
  'src/app/features/seller-orders/express-list-page.tsx': ['rejections/request-modals.tsx'], // ReturnRequestModal (申请退回 of an 异常 parcel)
  // The shell's chunk, preloaded while the sign-in request is on its way (decision 0030).
  'src/app/lib/console-preload.ts': ['shell/app-shell.tsx'],
};

/** The zones every file keeps, tests included: the three sides and the server's own layers. */
const sideZones = [
  { target: 'src/shared', from: ['src/app', 'src/server', 'sw'], message: 'src/shared is imported by both sides and imports neither.' },
  { target: ['src/app', 'sw'], from: 'src/server', message: 'The console never imports the server: it talks to it through src/shared\'s registry.' },
  { target: 'src/server', from: ['src/app', 'sw'], message: 'The server never imports the console.' },
  { target: ['src/server/modules', 'src/server/db', 'src/server/lib'], from: 'src/server/plugins', message: 'Plugins (HTTP) stand above the modules: a module never imports a plugin.' },
  { target: ['src/server/db', 'src/server/lib'], from: 'src/server/modules', message: 'db/ and lib/ stand below the modules.' },
];

/** The zones of the console's folders; `allowed` are paths under src/app/features/ (see above). */
const appZones = (allowed = []) => {
  const except = allowed.map((p) => `./${p}`);
  return [
    ...FEATURES.map((feature) => ({
      target: `src/app/features/${feature}`,
      from: 'src/app/features',
      except: [`./${feature}`, ...except],
      message: 'Features never import each other: what two features share goes to src/app/components or src/app/lib.',
    })),
    {
      target: ['src/app/components', 'src/app/lib'],
      from: 'src/app/features',
      except,
      message: 'components/ and lib/ are shared by the features: they never import a feature.',
    },
    { target: ['src/app/components', 'src/app/lib', 'src/app/features'], from: 'src/app/routes', message: 'Routes import features, not the other way round.' },
  ];
};

const restrictedPaths = (zones) => ['error', { basePath: ROOT, zones }];

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
    // Import rules (decision 0066): no import cycles, and the layers of the README's layout.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // The files no-cycle reads to follow imports; without .ts/.tsx here it follows nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      // Static and dynamic imports; `import type` is not followed (the rule cannot), so
      // tests/server/import-rules.test.ts also looks for cycles that go through types.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': restrictedPaths([...sideZones, ...appZones()]),
    },
  },
  ...Object.entries(FEATURE_IMPORTS_TO_MOVE).map(([file, allowed]) => ({
    files: [file],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...sideZones, ...appZones(allowed)]),
    },
  })),
  {
    // A test may put two features (or a route) together; it still keeps the three sides apart.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths(sideZones) },
  },
  {
    // src/shared runs in the browser and on the server: no React, no node:* (README "Layout").
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'react', message: 'src/shared has no React.' }, { name: 'react-dom', message: 'src/shared has no React.' }],
        patterns: [{ group: ['node:*'], message: 'src/shared runs in the browser too: no node:* modules.' }],
      }],
    },
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
