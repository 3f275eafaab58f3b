import { describe, expect, it } from 'vitest';
import { backupFileDate } from './backupFiles';

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
