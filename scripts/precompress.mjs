// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of a build, once, at the
// highest settings, so that the server sends compressed pages and assets without compressing
// anything per request (server/src/web/static.ts picks the copy the browser accepts).
// Usage: node scripts/precompress.mjs DIR [DIR ...]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt', '.webmanifest']);
/** Below this size a compressed copy saves less than it costs the server to look for it. */
const minBytes = 512;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses the text files below `dir`; answers how many, and their bytes before and after Brotli. */
export function precompress(dir) {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const path of files(dir)) {
    if (!compressible.has(extname(path).toLowerCase())) continue;
    const content = readFileSync(path);
    if (content.length < minBytes) continue;
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotli += br.length;
  }
  return totals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const dir of process.argv.slice(2)) {
    const { files: n, bytes, brotli } = precompress(dir);
    console.log(`precompress ${dir}: ${n} files, ${(bytes / 1024).toFixed(0)} kB -> ${(brotli / 1024).toFixed(0)} kB (br)`);
  }
}
