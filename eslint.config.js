// The linter guards correctness (type-aware TypeScript rules, React hooks, accessibility) and the
// layering of design.md. In the console, imports flow shared (components, lib) -> features -> app,
// a feature imports another only through its index.ts (its public face), and the renderer never
// imports the Electron main process or the preload script (only desktop/src/shared). In the
// server, imports flow db/ and http/ (the base) -> domain modules -> web/ (the endpoint runner,
// files, docs) -> routes/ -> app.ts and the entry points. The workspaces share only common/.
// Nothing anywhere imports in a cycle, type-only imports included (kafue/no-cycle). A disable
// names its rule and says why on the same line.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import * as registry from './scripts/layers.mjs';
import kafue from './scripts/lint-no-cycle.mjs';

const consoleSrc = 'desktop/src/renderer/src';
const features = readdirSync(`${consoleSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const server = (names) => names.map((name) => `server/src/${name}`);
const serverDomain = server(registry.serverDomain);
/** What the app and its entry points are made of. */
const serverEntries = server(registry.serverEntries);
/** What sits above the domain modules. */
const serverAbove = [...server(registry.serverWeb), ...server(registry.serverRoutes), ...serverEntries];

/** Zones of import-x/no-restricted-paths: `target` may not import from `from`. */
const layers = [
  {
    target: [`${consoleSrc}/components`, `${consoleSrc}/lib`],
    from: [`${consoleSrc}/features`, `${consoleSrc}/app`],
    message: 'Shared code (components, lib) is imported by features and app, never the other way round.',
  },
  {
    target: `${consoleSrc}/features`,
    from: `${consoleSrc}/app`,
    message: 'Features are composed by app/; a feature never imports app/.',
  },
  ...features.map((feature) => ({
    target: `${consoleSrc}/features/${feature}`,
    from: `${consoleSrc}/features`,
    except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message:
      "A feature imports another feature only through that feature's index.ts, its public face (`from '../enquiries'`): export there what others may use, never import its files.",
  })),
  {
    target: `${consoleSrc}`,
    from: ['desktop/src/main', 'desktop/src/preload'],
    message: 'The renderer reaches the main process only through the preload bridge; shared types live in desktop/src/shared.',
  },
  {
    target: 'server/src/db',
    from: [...serverDomain, ...serverAbove],
    message: 'db/ is the base: it imports no domain module, nor web/, routes/ or the app.',
  },
  {
    target: 'server/src/http',
    from: ['server/src/db', ...serverDomain, ...serverAbove],
    message:
      'http/ is the base every layer may use (errors, validation, paths, csv): it imports no domain module, nor web/, routes/ or the app.',
  },
  {
    target: server(['config.ts', 'metrics.ts']),
    from: [...serverDomain, ...serverAbove],
    message: 'The configuration and process metrics are the base: they import no domain module, nor web/, routes/ or the app.',
  },
  {
    target: serverDomain,
    from: serverAbove,
    message:
      'A domain module never imports web/ (the endpoint runner, files, docs), routes/, deps.ts or the app; what a route needs from it, the route declares (web/endpoint.ts).',
  },
  {
    target: 'server/src/web',
    from: serverAbove.filter((path) => path !== 'server/src/web' && path !== 'server/src/deps.ts'),
    message: 'web/ runs the routes; it never imports them or the app.',
  },
  {
    target: 'server/src/routes',
    from: serverEntries,
    message: 'Routes receive their dependencies; they never import the app that mounts them or the entry points.',
  },
  {
    target: 'common',
    from: ['server', 'site', 'desktop'],
    message: 'common/ is imported by the others and imports none of them.',
  },
  { target: 'site', from: ['server', 'desktop'], message: 'The site shares only common/.' },
  { target: 'desktop', from: ['server', 'site'], message: 'The console shares only common/.' },
  { target: 'server', from: ['site/src', 'desktop'], message: 'The server shares only common/.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-web/**',
      '**/dist-ssr/**',
      '**/out/**',
      '**/release/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['scripts/*.d.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Unused names fail the type-check already (noUnusedLocals); `_`-prefixed are meant.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An `async` function without `await` is how this code implements a Promise-returning
      // interface (endpoint and IPC handlers, test doubles); a promise left unawaited is what
      // no-floating-promises and no-misused-promises catch.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests, end-to-end specs and benches read the server's JSON answers, untyped by nature, and
    // then assert on them; the checks against using `any` guard the product's code, not these.
    files: ['**/test/**', '**/e2e/**', '**/bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['desktop/src/renderer/**/*.{ts,tsx}', 'site/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // A region that scrolls must be reachable by keyboard (WCAG 2.1.1; axe's
      // scrollable-region-focusable), so a labelled region may take tabIndex 0.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // The site's forms and beacon post to the API's addresses as common/ declares them (issue 34
    // item 2: one call table), never to a path written again here.
    files: ['site/src/**/*.{ts,tsx}'],
    ignores: ['site/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api\\//]', 'TemplateElement[value.raw=/^\\/api\\//]'].map((selector) => ({
          selector,
          message: "Read the API's address from @kafue/common, where its call is declared.",
        })),
      ],
    },
  },
  {
    plugins: { 'import-x': importX, kafue },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      // import-x/no-cycle skips type-only imports and has no option to count them.
      'kafue/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layers }],
    },
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
);
