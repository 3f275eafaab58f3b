// `npm test`: every check and test of every workspace, in stages, with each stage's time.
// The static checks run side by side (each is single-threaded, the machine has two cores); the
// unit tests too. Output of a step that runs beside others is held and printed whole when it ends,
// so that logs stay readable; a step alone streams. The first failing stage stops the run.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A stage is one step, or steps run side by side: [name, workspace folder, command]. */
const stages = [
  [
    ['typecheck', '.', 'npm run typecheck'],
    ['lint', '.', 'npx eslint .'],
    ['format', '.', 'npx prettier --check .'],
  ],
  [['build', '.', 'npm run build']],
  [
    ['common: unit', 'common', 'npx vitest run'],
    ['site: unit', 'site', 'npx vitest run'],
    ['console: unit', 'desktop', 'npx vitest run'],
    ['console: electronegativity', 'desktop', 'node scripts/electronegativity.mjs'],
  ],
  [['server', 'server', 'npx vitest run']],
  [['site: browser', 'site', 'npx playwright test']],
  [['console: browser', 'desktop', 'npx playwright test']],
];

/** Runs one step; resolves with its exit code and, when held, its output. */
function run([name, folder, command], hold) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: join(root, folder),
      shell: true,
      stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(output) }));
  });
}

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const times = [];
const started = performance.now();
let failed;

for (const steps of stages) {
  const hold = steps.length > 1;
  const stageStart = performance.now();
  const results = await Promise.all(
    steps.map(async (step) => {
      const stepStart = performance.now();
      if (!hold) console.log(`\n=== ${step[0]}`);
      const result = await run(step, hold);
      const took = seconds(stepStart);
      if (hold) process.stdout.write(`\n=== ${step[0]} (${took} s)\n${result.output}`);
      times.push(`${step[0]}: ${took} s${result.code ? ' (failed)' : ''}`);
      return result;
    }),
  );
  if (hold) times.push(`  (stage of ${steps.length} side by side: ${seconds(stageStart)} s)`);
  failed = results.find((result) => result.code !== 0);
  if (failed) break;
}

console.log(`\n=== Times\n${times.join('\n')}\nin all: ${seconds(started)} s`);
if (failed) {
  console.error(`\nnpm test failed at: ${failed.name}`);
  process.exit(1);
}
