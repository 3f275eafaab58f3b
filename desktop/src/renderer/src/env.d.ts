/** The stylesheets Vite bundles: imported for their effect only (TypeScript 7 checks such imports). */
declare module '*.css';
