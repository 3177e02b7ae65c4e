// `npm start`: build the console if dist/ is missing or older than its sources, bundle the server
// likewise (esbuild, so no TypeScript compiler runs at start), then run the server in the foreground. Signals are forwarded so Ctrl-C / `docker stop` shut it down cleanly,
// and we exit with the server's own code.
import { spawn } from 'node:child_process';
import { buildIfStale, buildServerIfStale, exitCodeOf, serverCommand } from './stale.mjs';

if (!(await buildIfStale('start'))) process.exit(1);
if (!(await buildServerIfStale('start'))) process.exit(1);

const command = serverCommand(process.env);
const server = spawn(process.execPath, command.args, {
  stdio: 'inherit',
  env: command.env,
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  // A terminal's Ctrl-C reaches both of us; the server ignores a repeated signal while closing.
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (err) => {
  process.stderr.write(`[start] could not run the server: ${err.message}\n`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
