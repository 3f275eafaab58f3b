/**
 * docs/development.md's recipe for a new resource names the files a resource touches, with the
 * redirects as its example. This holds the list to the redirects as they are, both ways: a path
 * the recipe names that does not exist or holds nothing of the redirects, or a file of the
 * redirects that the recipe does not name, fails it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const example = 'redirects';
const mentions = /redirect/i;

/** The backticked repository paths of the recipe (its numbered list), the example put in for `<resource>`. */
function recipePaths(): string[] {
  const doc = readFileSync(join(repo, 'docs/development.md'), 'utf8');
  const start = doc.indexOf('## Adding a resource');
  const end = doc.indexOf('Where other modules meet it', start);
  expect(start, 'the recipe in docs/development.md').toBeGreaterThan(-1);
  expect(end, "the recipe's end").toBeGreaterThan(start);
  const paths = [...doc.slice(start, end).matchAll(/`((?:common|server|desktop|site|scripts|docs)\/[^`\s]*)`/g)].map((m) =>
    m[1].replaceAll('<resource>', example),
  );
  return [...new Set(paths)];
}

/** Every file under `folder` (relative to the repository), leaving out installed and built trees. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(repo, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory())
      return ['node_modules', 'out', 'dist', 'dist-web', 'test-results'].includes(entry.name) ? [] : filesUnder(path);
    return [path];
  });
}

const isFolder = (path: string) => path.endsWith('/');
/**
 * Named by the recipe without holding the resource's name: the migrations' list (each by its
 * class, not by what it migrates) and the check that reads the registry.
 */
const namesByOtherNames = new Set(['server/src/db/data-source.ts', 'server/test/layers.test.ts']);

describe('the recipe for a new resource (docs/development.md), against the redirects', () => {
  const paths = recipePaths();

  it('names the files of every step', () => {
    expect(paths.length).toBeGreaterThan(15);
  });

  it('names only paths that exist and hold something of the redirects', () => {
    const wrong = paths.flatMap((path) => {
      const full = join(repo, path);
      let folder: boolean;
      try {
        folder = statSync(full).isDirectory();
      } catch {
        return [`${path}: does not exist`];
      }
      if (folder !== isFolder(path)) return [`${path}: ${folder ? 'a folder' : 'a file'}`];
      if (namesByOtherNames.has(path)) return [];
      const texts = folder
        ? filesUnder(path.slice(0, -1)).map((file) => readFileSync(join(repo, file), 'utf8'))
        : [readFileSync(full, 'utf8')];
      return texts.some((text) => mentions.test(text)) ? [] : [`${path}: holds nothing of the ${example}`];
    });
    expect(wrong).toEqual([]);
  });

  it('names every file of the redirects, itself or by its folder', () => {
    const files = ['common', 'server', 'desktop', 'site'].flatMap(filesUnder).filter((file) => mentions.test(file));
    expect(files.length).toBeGreaterThan(5);
    const unnamed = files.filter((file) => !paths.some((path) => (isFolder(path) ? file.startsWith(path) : file === path)));
    expect(unnamed).toEqual([]);
  });
});
