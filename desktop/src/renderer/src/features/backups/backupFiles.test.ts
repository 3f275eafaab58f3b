import { describe, expect, it } from 'vitest';
import { backupFileDate, formatSize } from './backupFiles';

describe('backup sizes', () => {
  it('read in bytes, KB or MB', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(5 * 1024 * 1024 + 100 * 1024)).toBe('5.1 MB');
  });
});

describe('a backup file chosen to restore', () => {
  it('says when it was made, from its first line (version 3) or after its checksum (version 2)', async () => {
    const at = '2026-11-25T06:00:00.000Z';
    const v3 = `{"format":"kafue-backup","version":3,"createdAt":"${at}","migrations":["Initial1763700000000"]}\n{"table":"admins"`;
    const v2 = `{"format":"kafue-backup","version":2,"sha256":"${'0'.repeat(64)}","backup":{"createdAt":"${at}","migrations":[]}}`;
    expect(await backupFileDate(new File([v3], 'kafue-backup.json'))).toBe(at);
    expect(await backupFileDate(new File([v2], 'kafue-backup.json'))).toBe(at);
    expect(await backupFileDate(new File(['{"hello":"world"}'], 'other.json'))).toBeUndefined();
  });
});
