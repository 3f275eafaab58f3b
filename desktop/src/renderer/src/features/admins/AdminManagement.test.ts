import { describe, expect, it } from 'vitest';
import { roleBadgeColor } from './AdminManagement';

describe('Admin Management role badges', () => {
  it('Super Admin red, Moderator yellow, others green', () => {
    expect(roleBadgeColor('Super Admin')).toBe('red');
    expect(roleBadgeColor('Moderator')).toBe('yellow');
    expect(roleBadgeColor('Editor')).toBe('green');
    expect(roleBadgeColor('Administrator')).toBe('green');
  });
});
