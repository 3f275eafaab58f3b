import { expect, it } from 'vitest';
import { plainAddress } from '../src/audit';

it('writes IPv4 written as IPv6 as plain IPv4, other addresses as they are', () => {
  expect(plainAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
  expect(plainAddress('::FFFF:10.1.2.3')).toBe('10.1.2.3');
  expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
  expect(plainAddress('::ffff:7f00:1')).toBe('::ffff:7f00:1');
  expect(plainAddress('192.168.0.4')).toBe('192.168.0.4');
});
