export function linkInOutbox(dataDir: string, to: string, link: RegExp): Promise<string | undefined>;
