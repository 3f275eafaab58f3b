/**
 * Every folder and file under server/src/, and every folder under common/src/, is in one layer of
 * the registry (scripts/layers.mjs), which the lint zones read: a module left out of it would be
 * unchecked by the linter, as nine of them once were. The docs' table of modules lists the same.
 * And the endpoint declarations (server/src/routes/) hold no SQL, transaction or audit write:
 * those are the domain modules', in one data-access style (raw SQL: docs/architecture.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** What only a domain module may do, as it reads in code, with lines it must find. */
const domainWork = [
  { what: 'SQL', pattern: /\.query\s*(<[^>]*>)?\s*\(/, examples: ['await db.query<Row[]>(`SELECT 1`)', 'm.query(sql)'] },
  { what: 'a transaction', pattern: /\.transaction\s*\(/, examples: ['await db.transaction(async (m) => {})'] },
  {
    what: 'an audit write',
    pattern: /\b(audit|writeAudit|audit\.refused)\s*\(/,
    examples: ["await audit(m, { action: 'x' })", 'await audit.refused(db, row)', 'writeAudit(m, row)'],
  },
  { what: 'a repository', pattern: /\bgetRepository\b/, examples: ['db.getRepository(AdminEntity)'] },
  {
    what: 'an entity manager',
    pattern: /\bEntityManager\b|\.manager\b/,
    examples: ['recordTestMail(db.manager, outcome)', 'm: EntityManager'],
  },
];

describe('the endpoint declarations (server/src/routes/)', () => {
  const routes = readdirSync(root('server/src/routes')).filter((name) => name.endsWith('.ts'));

  it('are read, and each pattern finds what it looks for', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const { what, pattern, examples } of domainWork) {
      for (const example of examples) expect(pattern.test(example), `${what}: ${example}`).toBe(true);
    }
    // A call that changed nothing says so in its declaration: no row is written.
    expect(domainWork.some(({ pattern }) => pattern.test("audit.none('nothing changed')"))).toBe(false);
  });

  it('hold no SQL, transaction or audit write: the domain modules do that work', () => {
    const found = routes.flatMap((name) =>
      readFileSync(root(`server/src/routes/${name}`), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          domainWork.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${name}:${index + 1}: ${what}: ${line.trim()}`),
        ),
    );
    expect([...new Set(found)]).toEqual([]);
  });
});

describe('the data access', () => {
  const typeorm = /\bEntitySchema\b|\bgetRepository\b|\bcreateQueryBuilder\b|@Entity\b|\bentities:/;

  it('is raw SQL everywhere: no entity, repository or query builder under server/src/', () => {
    expect(
      ['db.getRepository(AdminEntity)', "new EntitySchema({ name: 'Admin' })", '  entities: [Admin],'].every((line) => typeorm.test(line)),
    ).toBe(true);
    const files = readdirSync(root('server/src'), { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter((path) => typeorm.test(readFileSync(join(root('server/src'), path), 'utf8')));
    expect(found).toEqual([]);
  });
});
