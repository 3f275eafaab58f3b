// What `npm start` must build before serving: a workspace whose output is missing, or whose
// sources (its folder, common/, the lockfile) changed after its output was written, as after a
// `git pull` (git gives the files it changes the current time).
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The workspaces start.mjs builds, each with the file its build writes last. */
export const parts = [
  { workspace: 'site', output: 'site/dist/index.html', required: false },
  { workspace: 'desktop', output: 'desktop/dist-web/index.html', required: false },
  { workspace: 'server', output: 'server/dist/main.js', required: true },
];

// Not read by any build: outputs, dependencies, tests, benchmarks, documentation.
const notSources = new Set([
  'node_modules',
  'dist',
  'dist-web',
  'dist-ssr',
  'out',
  'release',
  'test',
  'e2e',
  'bench',
  'test-results',
  'playwright-report',
  'bench-results',
]);

/** The first file under path (a file or a folder) modified after `after` (ms), if any. */
function newerFile(path, after) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return undefined; // not there: nothing changed
  }
  if (!stat.isDirectory()) return stat.mtimeMs > after ? path : undefined;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || notSources.has(entry.name) || entry.name.endsWith('.md')) continue;
    const found = newerFile(join(path, entry.name), after);
    if (found) return found;
  }
  return undefined;
}

/**
 * Why the part must be built now ("site/dist/index.html is missing", "site/src/seo.ts changed
 * since the last build"), or undefined when its build is up to date.
 */
export function buildReason(root, part) {
  let built;
  try {
    built = statSync(join(root, part.output)).mtimeMs;
  } catch {
    return `${part.output} is missing`;
  }
  for (const source of [part.workspace, 'common', 'package-lock.json']) {
    const changed = newerFile(join(root, source), built);
    if (changed) return `${relative(root, changed)} changed since the last build`;
  }
  return undefined;
}
