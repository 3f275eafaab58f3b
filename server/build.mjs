// Bundles the server into dist/main.js (and the command-line tool into dist/cli.js).
// npm packages stay external (installed at the root); @kafue/common is bundled from source.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
rmSync(join(here, 'dist'), { recursive: true, force: true });

const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@kafue/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: { main: join(here, 'src/main.ts'), cli: join(here, 'src/cli.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
