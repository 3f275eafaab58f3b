/** What the site's build reads from the environment (vite.config.ts envPrefix): nothing else reaches the browser. */
interface ImportMetaEnv {
  /** The API's origin, when the pages are served by a static host of their own (the analytics beacon goes there). */
  readonly API_ORIGIN?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
/** The stylesheets Vite bundles: imported for their effect only (TypeScript 7 checks such imports). */
declare module '*.css';
