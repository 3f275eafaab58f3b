// Runs electronegativity (Doyensec's Electron security scanner) over the desktop app's sources
// and fails on any finding of high or medium severity, or on any file it could not parse.
// The CLI itself always exits 0, so `npm test` runs this instead.
//
// Scanned: src/ (main, preload, shared, renderer incl. its HTML) and package.json (Electron
// version). Not scanned: node_modules, out/, dist-web/, release/, tests (not shipped).
// Findings reviewed as safe are marked in the source with `eng-disable CHECK_ID (reason)`.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const desktop = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity').default ?? require('@doyensec/electronegativity');
const electronVersion = require('electron/package.json').version;

// A copy holding only what ships, so the scanner sees exactly that (and package.json for checks
// that read it).
const scanRoot = mkdtempSync(join(tmpdir(), 'kafue-electronegativity-'));
try {
  cpSync(join(desktop, 'src'), join(scanRoot, 'src'), {
    recursive: true,
    filter: (source) => !/\.test\.tsx?$/.test(source),
  });
  cpSync(join(desktop, 'package.json'), join(scanRoot, 'package.json'));

  const { issues, errors } = await run({ input: scanRoot, electronVersionOverride: electronVersion, isRelative: true });
  const blocking = issues.filter((issue) => issue.severity.value >= 2); // MEDIUM = 2, HIGH = 3
  const unparsed = errors.filter((error) => !error.tolerable);
  const where = (file) => (file === 'N/A' ? 'whole app' : file);

  for (const issue of issues) {
    const level = issue.severity.name ?? issue.severity.value;
    console.log(`${issue.id} [${level}] ${where(issue.file)}:${issue.location.line} ${issue.description}`);
  }
  for (const error of unparsed) console.log(`NOT SCANNED ${where(error.file)}: ${error.message}`);
  console.log(
    `electronegativity (Electron ${electronVersion}): ${issues.length} finding(s), ${blocking.length} of medium or high severity, ${unparsed.length} file(s) not parsed`,
  );
  process.exitCode = blocking.length > 0 || unparsed.length > 0 ? 1 : 0;
} finally {
  rmSync(scanRoot, { recursive: true, force: true });
}
