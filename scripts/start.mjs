// `npm start`: builds what is missing or older than its sources (the public site, the console's
// web build, the server; see stale.mjs) by running each workspace's own build script, then runs
// the server (node server/dist/main.js) and forwards SIGINT/SIGTERM/SIGHUP to it, so that it shuts down gracefully; exits with its code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReason, parts } from './stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function npm(args) {
  const execPath = process.env.npm_execpath;
  // Under `npm start`, npm_execpath is npm's own CLI script: run it with this node.
  const [command, prefix] = execPath && execPath.endsWith('.js') ? [process.execPath, [execPath]] : ['npm', []];
  return spawnSync(command, [...prefix, ...args], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32' && command === 'npm',
  });
}

for (const part of parts) {
  const reason = buildReason(root, part);
  if (!reason) continue;
  console.log(`[start] ${reason}: building ${part.workspace} (npm run build -w ${part.workspace})`);
  const result = npm(['run', 'build', '-w', part.workspace]);
  if (result.status !== 0 || !existsSync(join(root, part.output))) {
    if (part.required) {
      console.error(`[start] Building ${part.workspace} failed; cannot start.`);
      process.exit(result.status || 1);
    }
    const meanwhile = existsSync(join(root, part.output)) ? 'what its last build left is served' : 'its pages answer 503 until it is built';
    console.error(`[start] Building ${part.workspace} failed; starting anyway (${meanwhile}).`);
  }
}

const server = spawn(process.execPath, [join(root, 'server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
// `npm start` runs this script through `sh -c`; when npm itself is sent SIGTERM it kills that
// shell only, and this process is orphaned without a signal. Treat losing the parent as SIGTERM.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && server.exitCode === null) server.kill('SIGTERM');
}, 500).unref();
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 0) : 0));
});
