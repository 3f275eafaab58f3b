import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take a worker longest (they start server processes or move hundreds of MB),
 * longest first, as measured (2026-11-30: 97, 52, 24, 20, 15, 12 and 14 s). Vitest orders by the
 * durations of the last run, which a fresh clone (CI) does not have: it then ran them by file
 * size, and the 300 MB backup, started last, kept one worker busy for 40 s with the other idle.
 * A name not in the list only runs in the default order.
 */
const longest = ['process', 'backup-media', 'rolling-restart', 'schedule-processes', 'inbound-mail', 'multi-process', 'restore'];

const rank = (file: TestSpecification) => {
  const at = longest.indexOf(basename(file.moduleId, '.test.ts'));
  return at === -1 ? longest.length : at;
};

/** Vitest's order, but the longest files first, so that no worker runs one alone at the end. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
