/**
 * Adding a content collection (docs/development.md, "Adding a collection") means touching its schema and seed
 * in common/, one console spec and one page mapping in common/src/pages.ts (which the site renders by). This fails, naming what is
 * missing, when a collection of the contract lacks any of them, or an audit resource name.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedContent } from '@kafue/common/content-seed';
import { pageCollections } from '@kafue/common/pages';
import { contentBodies, contentFields, contentItems } from '@kafue/common/schemas';
import { contentCollections } from '@kafue/common/vocabulary';
import { repoRoot } from '../src/config.js';
import { auditResources } from '../src/content/auditing.js';

const source = (path: string) => readFileSync(resolve(repoRoot, path), 'utf8');
/** The console's specs, one per collection: `collectionSpecs = { services: { collection: 'services', ... }, ... }`. */
const consoleSpecs = source('desktop/src/renderer/src/features/content/specs.ts');

describe.each(contentCollections)('the collection %s has', (collection) => {
  it('a zod schema of its fields, and with them its body and answered item', () => {
    expect(contentFields[collection]).toBeInstanceOf(z.ZodObject);
    expect(contentBodies[collection]).toBeInstanceOf(z.ZodObject);
    expect(contentItems[collection]).toBeInstanceOf(z.ZodObject);
  });

  it('seed entries, each valid for its schema', () => {
    expect(seedContent[collection].length).toBeGreaterThan(0);
    for (const entry of seedContent[collection]) expect(contentFields[collection].safeParse(entry).error).toBeUndefined();
  });

  it("a spec in the console's features/content/specs.ts", () => {
    expect(consoleSpecs).toMatch(new RegExp(`^\\s*${collection}: \\{\\s*collection: '${collection}',`, 'm'));
  });

  it('an audit resource name of its own', () => {
    expect(auditResources[collection]).toMatch(/^[a-z_]+$/);
    expect(Object.values(auditResources).filter((r) => r === auditResources[collection])).toHaveLength(1);
  });

  it("a page that shows it in the site's page map", () => {
    expect(Object.values(pageCollections).flat()).toContain(collection);
  });
});
