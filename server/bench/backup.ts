/**
 * Backup bench (`node --expose-gc --import tsx bench/backup.ts`): a media library of BENCH_MEDIA_MB (default 500; videos of
 * 50 MB, photographs of 5 MB with renditions, random bytes) backed up as the console does (kept in
 * the database in chunks), downloaded to a file as the command line does, checked, and restored
 * from the file into an empty database, every file compared byte for byte. For each step: its
 * time and this process's peak resident memory during it (VmHWM, reset before each step), beside
 * its memory before the steps. Goal: the peak well below the size of the data.
 */
import { createWriteStream, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { backupContent, restoreBackup, storeBackup } from '../src/backup/backup.js';
import { fileSource, openBackup } from '../src/backup/file.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/data-source.js';
import { startEmbedded } from '../src/db/embedded.js';
import { fillMediaLibrary, mediaDigests } from '../test/backups.js';
import { createDatabase, peakRssMiB, rssMiB, scratchDir, writeBenchResult } from './harness.js';

const mediaMb = Number(process.env.BENCH_MEDIA_MB ?? 500);
const tmp = scratchDir('kafue-bench-backup-');

/** Runs `step`, answering its seconds and the peak memory during it (the kernel's high-water mark, reset first). */
async function measure<T>(
  name: string,
  step: () => Promise<T>,
): Promise<{ value: T; figures: { seconds: number; rssAtStartMiB: number; peakRssMiB: number } }> {
  // The garbage of the step before goes first (run with --expose-gc), so that it is not counted here.
  (globalThis as { gc?: () => void }).gc?.();
  writeFileSync('/proc/self/clear_refs', '5');
  const rssAtStartMiB = Math.round(rssMiB(process.pid));
  const start = performance.now();
  const value = await step();
  const figures = {
    seconds: Math.round((performance.now() - start) / 100) / 10,
    rssAtStartMiB,
    peakRssMiB: Math.round(peakRssMiB(process.pid)),
  };
  console.log(`${name}: ${figures.seconds} s, RSS ${figures.rssAtStartMiB} MiB at its start, peak ${figures.peakRssMiB} MiB`);
  return { value, figures };
}

async function main(): Promise<void> {
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  const config = loadConfig({});
  const source = await openDatabase(config, () => undefined, await createDatabase(cluster.url, 'bench_backup_source'));
  const target = await openDatabase(config, () => undefined, await createDatabase(cluster.url, 'bench_backup_target'));
  try {
    const videos = Math.floor((mediaMb * 0.8) / 50);
    const photos = Math.round((mediaMb - videos * 50) / 5);
    await fillMediaLibrary(source.dataSource, { videos, photos });
    const [{ bytes }] = await source.dataSource.query<[{ bytes: string }]>(
      `SELECT (SELECT sum(octet_length(content)) FROM media) + (SELECT sum(octet_length(content)) FROM media_renditions) AS bytes`,
    );
    const dataMiB = Math.round(Number(bytes) / 1024 / 1024);
    const before = Math.round(rssMiB(process.pid));
    console.log(`media: ${videos} videos, ${photos} photographs, ${dataMiB} MiB; memory before: ${before} MiB`);
    const backup = await measure('backup (kept in the database)', () => storeBackup(source.dataSource, { label: 'bench' }));
    const file = join(tmp, backup.value.name);
    const download = await measure('download to a file', async () =>
      pipeline((await backupContent(source.dataSource, backup.value.name))!, createWriteStream(file)),
    );
    const check = await measure('checksum check', () => openBackup(fileSource(file), file));
    const restore = await measure('restore into an empty database', () => restoreBackup(target.dataSource, check.value));
    const same = JSON.stringify(await mediaDigests(source.dataSource)) === JSON.stringify(await mediaDigests(target.dataSource));
    if (!same) throw new Error('The restored media differ from the original');
    const fileMiB = Math.round(fileSource(file).size / 1024 / 1024);
    console.log(
      `file: ${fileMiB} MiB; restored media identical; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    writeBenchResult('backup.json', {
      load: loadavg(),
      mediaMiB: dataMiB,
      fileMiB,
      rssBeforeMiB: before,
      backup: backup.figures,
      download: download.figures,
      check: check.figures,
      restore: restore.figures,
    });
  } finally {
    await source.close();
    await target.close();
    await cluster.stop();
  }
}

await main();
