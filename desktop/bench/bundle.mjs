// Prints the gzipped JavaScript (and CSS) the web console loads on first load of the admin sign-in
// screen, the dashboard and the staff sign-in screen, computed from the Vite manifest of
// desktop/dist-web: the entry chunk, the route's lazy chunks, and everything they import statically.
// Builds the web console first, so the figures describe the sources as they are.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const desktop = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(desktop, 'dist-web');
const manifestPath = join(outDir, '.vite/manifest.json');
{
  execFileSync(
    process.execPath,
    [join(desktop, '../node_modules/vite/bin/vite.js'), 'build', '-c', 'vite.web.config.ts', '--logLevel', 'warn'],
    {
      cwd: desktop,
      stdio: 'inherit',
    },
  );
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Lazy route modules each screen loads on first visit (see src/renderer/src/app/App.tsx). */
const screens = {
  'admin sign-in (/kafue-secure-admin)': ['src/features/auth/AdminLogin.tsx'],
  'dashboard (/admin/dashboard)': ['src/features/auth/RequireAdmin.tsx', 'src/app/AdminLayout.tsx', 'src/features/dashboard/Dashboard.tsx'],
  'staff sign-in (/staff-login)': ['src/features/staff-portal/StaffLogin.tsx'],
};

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the Vite manifest: ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen].map((k) => manifest[k]);
}

const gz = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

console.log('Console (web build), first load, gzipped:');
for (const [screen, lazy] of Object.entries(screens)) {
  const chunks = closure(['index.html', ...lazy]);
  const js = chunks.reduce((sum, c) => sum + gz(c.file), 0);
  const css = new Set(chunks.flatMap((c) => c.css ?? []));
  const cssBytes = [...css].reduce((sum, f) => sum + gz(f), 0);
  console.log(`  ${screen.padEnd(40)} JS ${kb(js).padStart(9)} in ${chunks.length} files   CSS ${kb(cssBytes).padStart(8)}`);
}
