// The registry of the server's layers: one list, read by the lint zones (eslint.config.js) and by
// server/test/layers.test.ts, which fails when a folder or file under server/src/ or a folder
// under common/src/ is in no layer, or when docs/architecture.md's layout misses a module.
// Imports flow base -> domain -> web -> routes -> entries.

/** The base every layer may use: connections and migrations; errors, validation and paths; the configuration and process metrics. */
export const serverBase = ['db', 'http', 'config.ts', 'metrics.ts'];

/** The domain modules: each owns its tables' SQL, its transactions and its audit rows. */
export const serverDomain = [
  'accounts',
  'analytics',
  'audit',
  'auth',
  'backup',
  'contacts',
  'content',
  'conversations',
  'dashboard',
  'enquiries',
  'mail',
  'maintenance',
  'media',
  'newsletter',
  'payments',
  'quotes',
  'redirects',
  'reminders',
  'reports',
  'search',
  'settings',
  'site',
];

/** The endpoint runner, static files and docs; the dependencies the routes receive. */
export const serverWeb = ['web', 'deps.ts'];

/** The endpoint declarations. */
export const serverRoutes = ['routes'];

/** The app and its entry points. */
export const serverEntries = ['app.ts', 'serve.ts', 'main.ts', 'cli.ts', 'life-lines.ts', 'log.ts'];

/** Folders under common/src/, one per resource as slices arrive (its files are one zone: common). */
export const commonFolders = [];
