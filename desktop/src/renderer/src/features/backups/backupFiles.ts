/** When a backup was made, as people read it. */
export const backupDate = (iso: string) => new Date(iso).toLocaleString();

/**
 * When a backup file says it was made, read from its first bytes (the date comes right after the
 * version, or, in version 2, after the checksum); undefined when it does not look like a backup,
 * which the server will say.
 */
export async function backupFileDate(file: File): Promise<string | undefined> {
  const head = await file.slice(0, 400).text();
  return /^\{"format":"kafue-backup","version":\d+,(?:"sha256":"[0-9a-f]{64}","backup":\{)?"createdAt":"([^"]+)"/.exec(head)?.[1];
}
