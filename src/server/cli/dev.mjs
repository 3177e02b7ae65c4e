// `npm run dev`: the API with reload (tsx watch, PORT 3000) and the Vite dev server (port 5173,
// proxying /api, /AbpUserConfiguration, /swagger and /signalr to the API). Ctrl-C stops both;
// if either one dies the other is stopped too, and we exit with the first one's code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, binPath, exitCodeOf } from './stale.mjs';

const port = process.env.PORT || '3000';
const env = { ...process.env, PORT: port, API_TARGET: process.env.API_TARGET || `http://localhost:${port}` };

const children = [
  { name: 'api', args: [binPath('tsx'), 'watch', '--clear-screen=false', path.join('src', 'server', 'main.ts')] },
  { name: 'web', args: [binPath('vite')] },
].map(({ name, args }) => {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' });
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ name, code: exitCodeOf(code, signal) }));
    child.on('error', () => resolve({ name, code: 1 }));
  });
  return { name, child, done };
});

let stopping = false;
let stoppedByUser = false;
function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
  // Whatever has not stopped in 5 s is killed, so Ctrl-C never leaves a port occupied.
  setTimeout(() => {
    for (const { child } of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (!stopping) stoppedByUser = true;
    stopAll(signal);
  });
}
for (const { child, name } of children) {
  child.on('error', (err) => {
    process.stderr.write(`[dev] could not start ${name}: ${err.message}\n`);
    stopAll('SIGTERM');
  });
}

const first = await Promise.race(children.map((c) => c.done));
if (!stoppedByUser) process.stderr.write(`[dev] ${first.name} exited (code ${first.code}); stopping the other one\n`);
stopAll('SIGTERM');
await Promise.all(children.map((c) => c.done));
process.exit(stoppedByUser ? 0 : first.code || 1);
