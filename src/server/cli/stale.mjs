// Shared by `npm start`, `npm run dev` and the e2e runner: where the project is, how to reach a
// package's CLI without npx, and whether the built console (dist/) is older than its sources.
// Plain .mjs so it runs before tsx is loaded and costs a few stat calls on the fast path.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Everything `vite build` reads: a change to any of these makes dist/ stale. */
const BUILD_INPUT_DIRS = ['src/app', 'src/shared', 'public', 'sw'];
const BUILD_INPUT_FILES = ['index.html', 'vite.config.ts', 'package-lock.json'];
/** Written by the build itself (the TanStack router plugin), so never a reason to rebuild. */
const GENERATED = new Set([path.join('src', 'app', 'route-tree.gen.ts')]);
/** Tests sit beside the code but are not part of the bundle. */
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

function newestUnder(dir, limit) {
  // Depth-first; returns { file, mtimeMs } of the first file newer than `limit`, else null.
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const found = newestUnder(full, limit);
      if (found) return found;
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      if (TEST_FILE.test(entry.name) || GENERATED.has(path.relative(ROOT, full))) continue;
      let mtimeMs;
      try {
        mtimeMs = statSync(full).mtimeMs;
      } catch {
        continue;
      }
      if (mtimeMs > limit) return { file: full, mtimeMs };
    }
  }
  return null;
}

/**
 * Why dist/ must be rebuilt, or null when it is up to date. Stops at the first newer file, so
 * the answer is cheap when something changed and a full (small) walk when nothing did.
 */
export function staleReason(root = ROOT) {
  const builtIndex = path.join(root, 'dist', 'index.html');
  let builtAt;
  try {
    builtAt = statSync(builtIndex).mtimeMs;
  } catch {
    return 'dist/index.html is missing';
  }
  for (const file of BUILD_INPUT_FILES) {
    try {
      if (statSync(path.join(root, file)).mtimeMs > builtAt) return `${file} changed since the last build`;
    } catch {
      // Optional input.
    }
  }
  for (const dir of BUILD_INPUT_DIRS) {
    const found = newestUnder(path.join(root, dir), builtAt);
    if (found) return `${path.relative(root, found.file)} changed since the last build`;
  }
  return null;
}

/** Absolute path of a package's directory, found the way Node would from the project root. */
export function packageDir(name, from = ROOT) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`Cannot find package ${name}: run npm install first.`);
  }
}

/** Absolute path of a package's CLI script (its package.json "bin"). */
export function binPath(pkg, name = pkg.split('/').pop()) {
  const dir = packageDir(pkg);
  const { bin } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const rel = typeof bin === 'string' ? bin : bin?.[name];
  if (!rel) throw new Error(`Package ${pkg} has no "${name}" command.`);
  return path.join(dir, rel);
}

/** A file: URL for `node --import`, so the tsx loader is found whatever the working directory. */
export function tsxImportUrl() {
  return pathToFileURL(path.join(packageDir('tsx'), 'dist', 'loader.mjs')).href;
}

/** Runs a command with inherited stdio; resolves to its exit code (signals map to 128 + n). */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(exitCodeOf(code, signal)));
  });
}

/** The shell's convention: a child killed by a signal "exits" with 128 + the signal number. */
export function exitCodeOf(code, signal) {
  if (code !== null && code !== undefined) return code;
  return 128 + (constants.signals[signal] ?? 1);
}

/**
 * Runs `vite build` when dist/ is stale, printing one line saying why. Returns false if the build
 * failed (its output has been shown), true otherwise.
 */
export async function buildIfStale(label = 'start') {
  const reason = staleReason();
  if (!reason) return true;
  process.stdout.write(`[${label}] building the console (vite build): ${reason}\n`);
  const code = await run(process.execPath, [binPath('vite'), 'build', '--logLevel', 'warn'], { cwd: ROOT });
  if (code !== 0) {
    process.stderr.write(`[${label}] vite build failed (exit ${code})\n`);
    return false;
  }
  return true;
}

/** The server bundle `npm start` runs: src/server + src/shared compiled by esbuild (no tsx at run time). */
export const SERVER_BUNDLE = path.join(ROOT, 'dist-server', 'main.js');

/**
 * How `npm start` runs the bundle (the bench runs it the same way): node's arguments, and the
 * environment with what it adds (decision 0049). A value already in `env` is kept.
 * - `--enable-source-maps`: stack traces in the logs point into src/.
 * - `MALLOC_MMAP_THRESHOLD_=131072` (glibc): a block of 128 KB or more that glibc cannot serve from
 *   free memory it holds is mapped on its own and given back when freed. Without it glibc raises that
 *   threshold after the first such block is freed, and the next blocks of that size (a sign-in's
 *   scrypt takes 16 MB on a worker thread) stay in its heaps: 25–50 MB of idle RSS on the embedded
 *   install. Other C libraries ignore it.
 */
export function serverCommand(env = process.env) {
  return { args: ['--enable-source-maps', SERVER_BUNDLE], env: { MALLOC_MMAP_THRESHOLD_: '131072', ...env } };
}
const SERVER_INPUT_DIRS = ['src/server', 'src/shared'];
const SERVER_INPUT_FILES = ['package-lock.json', 'package.json'];

/** Why the server bundle must be rebuilt, or null when it is up to date. */
export function serverStaleReason(root = ROOT) {
  let builtAt;
  try {
    builtAt = statSync(SERVER_BUNDLE).mtimeMs;
  } catch {
    return 'dist-server/main.js is missing';
  }
  for (const file of SERVER_INPUT_FILES) {
    try {
      if (statSync(path.join(root, file)).mtimeMs > builtAt) return `${file} changed since the last server build`;
    } catch { /* optional */ }
  }
  for (const dir of SERVER_INPUT_DIRS) {
    const found = newestUnder(path.join(root, dir), builtAt);
    if (found) return `${path.relative(root, found.file)} changed since the last server build`;
  }
  return null;
}

/**
 * Bundles the server with esbuild when stale (about 0.1 s): packages stay external, our own code
 * (#shared, #server) is compiled in. Returns false if the build failed.
 */
export async function buildServerIfStale(label) {
  const reason = serverStaleReason();
  if (!reason) return true;
  process.stdout.write(`[${label}] building the server: ${reason}\n`);
  const { build } = await import(pathToFileURL(path.join(packageDir('esbuild'), 'lib', 'main.js')).href);
  try {
    await build({
      entryPoints: [path.join(ROOT, 'src', 'server', 'main.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20',
      packages: 'external', outfile: SERVER_BUNDLE, logLevel: 'warning', sourcemap: 'linked',
    });
    return true;
  } catch (err) {
    process.stderr.write(`[${label}] server build failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return false;
  }
}
