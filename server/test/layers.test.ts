/**
 * Every folder and file under server/src/, and every folder under common/src/, is in one layer of
 * the registry (scripts/layers.mjs), which the lint zones read: a module left out of it would be
 * unchecked by the linter, as nine of them once were. The docs' table of modules lists the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as registry from '../../scripts/layers.mjs';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const folders = (path: string) =>
  readdirSync(root(path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverLayers = [registry.serverBase, registry.serverDomain, registry.serverWeb, registry.serverRoutes, registry.serverEntries];

describe('the registry of layers', () => {
  it('puts every folder and file under server/src/ in exactly one layer', () => {
    const entries = readdirSync(root('server/src')).sort();
    const registered = serverLayers.flat();
    expect(
      registered.filter((name, index) => registered.indexOf(name) !== index),
      'in two layers',
    ).toEqual([]);
    expect(
      entries.filter((name) => !registered.includes(name)),
      'in no layer',
    ).toEqual([]);
    expect(
      registered.filter((name) => !entries.includes(name)),
      'registered but missing',
    ).toEqual([]);
  });

  it("is the layout that docs/architecture.md's table of modules describes", () => {
    const documented = [...readFileSync(root('docs/architecture.md'), 'utf8').matchAll(/^\| `([\w-]+)\/` \|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(folders('server/src').sort());
  });

  it('knows every folder under common/src/', () => {
    expect(folders('common/src').sort()).toEqual([...registry.commonFolders].sort());
  });
});
