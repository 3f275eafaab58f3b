/**
 * `npm start` rebuilds a workspace whose sources changed since its build (scripts/stale.mjs),
 * on a small tree of files with chosen modification times.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReason, parts } from '../../scripts/stale.mjs';

let root = '';
const site = parts.find((p) => p.workspace === 'site')!;
const server = parts.find((p) => p.workspace === 'server')!;

/** Writes the file with the modification time `minutes` minutes ago. */
function file(path: string, minutes: number) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, path);
  const when = new Date(Date.now() - minutes * 60_000);
  utimesSync(full, when, when);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kafue-test-stale-'));
  for (const source of ['site/src/seo.ts', 'site/index.html', 'common/src/brand.ts', 'package-lock.json', 'server/src/main.ts'])
    file(source, 10);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('what npm start builds', () => {
  it('a workspace whose output is missing', () => {
    expect(buildReason(root, site)).toBe('site/dist/index.html is missing');
  });

  it('nothing when the output is newer than every source', () => {
    file('site/dist/index.html', 5);
    file('server/dist/main.js', 5);
    expect(buildReason(root, site)).toBeUndefined();
    expect(buildReason(root, server)).toBeUndefined();
  });

  it('a workspace whose sources, common/ or the lockfile changed since its build (as after git pull), naming the file', () => {
    file('site/dist/index.html', 5);
    file('server/dist/main.js', 5);
    file('site/src/seo.ts', 1);
    expect(buildReason(root, site)).toBe('site/src/seo.ts changed since the last build');
    expect(buildReason(root, server)).toBeUndefined();
    file('common/src/brand.ts', 1);
    expect(buildReason(root, server)).toBe('common/src/brand.ts changed since the last build');
    file('common/src/brand.ts', 10);
    file('package-lock.json', 1);
    expect(buildReason(root, server)).toBe('package-lock.json changed since the last build');
  });

  it('ignores what no build reads: tests, outputs, dependencies, documentation', () => {
    file('site/dist/index.html', 5);
    for (const other of [
      'site/e2e/home.spec.ts',
      'site/test/content.test.ts',
      'site/node_modules/x/index.js',
      'site/dist/sitemap.xml',
      'site/README.md',
    ])
      file(other, 1);
    expect(buildReason(root, site)).toBeUndefined();
  });
});
