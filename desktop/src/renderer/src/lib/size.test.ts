import { describe, expect, it } from 'vitest';
import { formatSize } from './size';

describe('file sizes', () => {
  it('read in bytes, KB or MB', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(5 * 1024 * 1024 + 100 * 1024)).toBe('5.1 MB');
  });
});
