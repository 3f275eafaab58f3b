// Bundles the server into dist/main.js (and the command-line tool into dist/cli.js).
// npm packages stay external (installed at the root); @kafue/common is bundled from source.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@kafue/') ? undefined : { path: args.path, external: true }));
  },
};

/** Builds into outdir (tests build into a folder of their own, inside the repository). */
export async function buildServer(outdir = join(here, 'dist')) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: join(here, 'src/main.ts'), cli: join(here, 'src/cli.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Code splitting keeps main.js small: it starts PostgreSQL while the chunk with TypeORM and
    // Koa loads (see src/main.ts).
    splitting: true,
    chunkNames: '[name]-[hash]',
    target: 'node20',
    sourcemap: true,
    plugins: [externalNpmPackages],
    logLevel: 'warning',
  });
  return outdir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
