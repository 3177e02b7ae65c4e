import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './sw/pwa-options.ts';
import { compressAssets } from './sw/compress-assets.ts';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
    }),
    react(),
    // The floor app: manifest + service worker (sw/sw.ts, injectManifest). See sw/pwa-options.ts.
    VitePWA(pwaOptions),
    // .br and .gz next to every built text and wasm file, sent by the server as the browser accepts.
    compressAssets(),
  ],
  css: {
    postcss: {
      plugins: [
        (await import('postcss-preset-mantine')).default(),
        (await import('postcss-simple-vars')).default({
          variables: { 'mantine-breakpoint-xs': '36em', 'mantine-breakpoint-sm': '48em', 'mantine-breakpoint-md': '62em', 'mantine-breakpoint-lg': '75em', 'mantine-breakpoint-xl': '88em' },
        }),
      ],
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': API_TARGET,
      '/AbpUserConfiguration': API_TARGET,
      '/swagger': API_TARGET,
      // The fake Shopee Open Platform (decision 0026): its authorisation page redirects back here.
      '/shopee-sandbox': API_TARGET,
      // The built-in test payment provider's page (src/server/modules/recharge/routes.ts).
      '/pay': API_TARGET,
      '/signalr': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 800, manifest: true,
    rolldownOptions: {
      output: {
        // zod and the service contracts get chunks of their own, so the sign-in page's entry never
        // inherits them through a small shared module (permissions, enums) bundled alongside.
        codeSplitting: {
          // A group must not swallow the small modules it depends on (enums, constants): the entry
          // imports those, and would then load the whole group.
          includeDependenciesRecursively: false,
          // Automatic splitting leaves many small common chunks (a Mantine hook, a constants file)
          // that the entry imports statically: on slow 4G each is a request in the first wave. Common
          // chunks under 16 KB of source are copied into the chunks that use them instead (one shared
          // module state; see decision 0016). The floor home's first load: 31 files → 12.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'contracts', test: /src[\\/]shared[\\/](contracts[\\/]|api-client)/ },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default for a run is one worker per core but one: a single worker on CI's 2 cores,
    // leaving a core idle whenever a test waits on its database or server. Two workers took the
    // PGlite phase from 680 to 427 s and the PostgreSQL one from 262 to 141 s, every test passing;
    // each test file has a database of its own (tests/helpers/test-app.ts).
    maxWorkers: Math.max(2, Math.min(12, os.availableParallelism() - 1)),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/**/*.test.ts', 'src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/app/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: ['./src/app/test/setup.ts'],
          testTimeout: 30_000,
          // In CI the jsdom tests share two cores with the database suites: a test that fails once
          // from timing gets one more try (a real break fails both), and tests/run.mjs counts it once.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
