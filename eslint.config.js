// The linter guards correctness (type-aware TypeScript rules, React hooks, accessibility) and the
// layering of design.md: in the console, imports flow shared (components, lib) -> features -> app,
// and no feature imports another; nothing anywhere imports in a cycle; the server's routes never
// import the app that mounts them. A disable names its rule and says why on the same line.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const consoleSrc = 'desktop/src/renderer/src';
const features = readdirSync(`${consoleSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to components/ or lib/, or compose them in app/.',
  })),
  {
    target: 'server/src/routes',
    from: 'server/src/app.ts',
    message: 'Routes receive their dependencies; they never import the app that mounts them.',
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
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layers }],
    },
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
);
