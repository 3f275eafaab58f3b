// Types of layers.mjs, for the TypeScript test that reads the registry.
export declare const serverBase: string[];
export declare const serverDomain: string[];
export declare const serverWeb: string[];
export declare const serverRoutes: string[];
export declare const serverEntries: string[];
export declare const commonFolders: string[];
