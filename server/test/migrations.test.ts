/**
 * Migrations are frozen: once applied, what they do must never change, so they import nothing
 * that later edits could change (the live seed, vocabulary, other modules), only typeorm's types;
 * and nothing but the data source imports a migration.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '../src');
const migrations = join(src, 'db/migrations');
/** The modules a file imports or re-exports (side-effect imports included). */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import\s+(?:[^'"]*?\bfrom\s+)?|export\s+[^'"]*?\bfrom\s+)['"]([^'"]+)['"]/gm)].map(
    (m) => m[1],
  );
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('migrations', () => {
  it('import nothing but typeorm', () => {
    const files = readdirSync(migrations).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    const outside = files.flatMap((f) =>
      importsOf(join(migrations, f))
        .filter((m) => m !== 'typeorm')
        .map((m) => `${f}: ${m}`),
    );
    expect(outside).toEqual([]);
  });

  it('are imported by the data source only', () => {
    const importers = sources(src)
      .filter((file) => !file.startsWith(migrations))
      .filter((file) => importsOf(file).some((m) => m.includes('migrations/')))
      .map((file) => relative(src, file));
    expect(importers).toEqual(['db/data-source.ts']);
  });
});
