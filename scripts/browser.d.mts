// Types of browser.mjs, for the TypeScript Playwright configs that import it.
export declare const chromiumPath: string;
export declare const chromiumArgs: string[];
export declare const launchOptions: { executablePath: string; args: string[] };
export declare const trace: 'off';
export declare function e2ePort(name: string): number;
export declare function e2eDataDir(name: string): string;
export declare function realServer(
  port: number,
  admin: { email: string; password: string },
  options?: { dataDir?: string },
): {
  command: string;
  url: string;
  reuseExistingServer: boolean;
  timeout: number;
  gracefulShutdown: { signal: 'SIGTERM'; timeout: number };
  env: Record<string, string>;
};
