// `npm test`: every check and test of every workspace, in stages, with each stage's time.
// The machine has two cores and each stage keeps both busy: the static checks, the build and the
// unit tests are one stage of steps run a few at a time (none reads what another writes: the
// build writes only ignored output), longest first so the short ones fill in around it; the
// three suites that start servers run one after the other. Output of a step that runs beside
// others is held and printed whole when it ends, so that logs stay readable; a step alone
// streams. The first failing stage stops the run.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A stage: its steps ([name, workspace folder, command]) and how many run at once. ESLint with
 * typed rules is the longest check, on one core: it runs as two halves (the server's and common's
 * files; all the rest), each building only its own workspaces' TypeScript programs, so that
 * together they take little more CPU than one run of the whole.
 */
const stages = [
  {
    atOnce: 3,
    steps: [
      ['lint: the rest', '.', "npx eslint . --ignore-pattern 'server/**' --ignore-pattern 'common/**'"],
      ['lint: server, common', '.', 'npx eslint server common'],
      ['typecheck', '.', 'npm run typecheck'],
      ['build', '.', 'npm run build'],
      ['format', '.', 'npx prettier --check .'],
      ['console: unit', 'desktop', 'npx vitest run'],
      ['console: electronegativity', 'desktop', 'node scripts/electronegativity.mjs'],
      ['common: unit', 'common', 'npx vitest run'],
      ['site: unit', 'site', 'npx vitest run'],
    ],
  },
  { atOnce: 1, steps: [['server', 'server', 'npx vitest run']] },
  { atOnce: 1, steps: [['site: browser', 'site', 'npx playwright test']] },
  { atOnce: 1, steps: [['console: browser', 'desktop', 'npx playwright test']] },
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

/** Runs `steps` at most `atOnce` at a time, in their order; resolves with every result. */
async function runStage({ atOnce, steps }) {
  const hold = steps.length > 1;
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const step = steps[next++];
      const stepStart = performance.now();
      if (!hold) console.log(`\n=== ${step[0]}`);
      const result = await run(step, hold);
      const took = seconds(stepStart);
      if (hold) process.stdout.write(`\n=== ${step[0]} (${took} s)\n${result.output}`);
      times.push(`${step[0]}: ${took} s${result.code ? ' (failed)' : ''}`);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, steps.length) }, lane));
  return results;
}

for (const stage of stages) {
  const stageStart = performance.now();
  const results = await runStage(stage);
  if (stage.steps.length > 1) times.push(`  (stage of ${stage.steps.length}, ${stage.atOnce} at once: ${seconds(stageStart)} s)`);
  failed = results.find((result) => result.code !== 0);
  if (failed) break;
}

console.log(`\n=== Times\n${times.join('\n')}\nin all: ${seconds(started)} s`);
if (failed) {
  console.error(`\nnpm test failed at: ${failed.name}`);
  process.exit(1);
}
