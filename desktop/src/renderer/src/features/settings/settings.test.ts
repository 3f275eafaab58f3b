import { describe, expect, it } from 'vitest';
import { roleBadgeColor } from './AdminManagement';
import { formatSize } from './backupFiles';

describe('Admin Management role badges', () => {
  it('Super Admin red, Moderator yellow, others green', () => {
    expect(roleBadgeColor('Super Admin')).toBe('red');
    expect(roleBadgeColor('Moderator')).toBe('yellow');
    expect(roleBadgeColor('Editor')).toBe('green');
    expect(roleBadgeColor('Administrator')).toBe('green');
  });
});

describe('backup sizes', () => {
  it('read in bytes, KB or MB', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(5 * 1024 * 1024 + 100 * 1024)).toBe('5.1 MB');
  });
});
