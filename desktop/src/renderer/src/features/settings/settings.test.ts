import { describe, expect, it } from 'vitest';
import { roleBadgeColor } from './AdminManagement';
import { activeSettingsTab } from './SettingsLayout';

describe('Admin Management role badges', () => {
  it('Super Admin red, Moderator yellow, others green', () => {
    expect(roleBadgeColor('Super Admin')).toBe('red');
    expect(roleBadgeColor('Moderator')).toBe('yellow');
    expect(roleBadgeColor('Editor')).toBe('green');
    expect(roleBadgeColor('Administrator')).toBe('green');
  });
});

describe('settings tab from the path', () => {
  it('follows the path prefix; any other path selects general', () => {
    expect(activeSettingsTab('/admin/settings/security')).toBe('security');
    expect(activeSettingsTab('/admin/settings/admins/anything')).toBe('admins');
    expect(activeSettingsTab('/admin/settings/backupx')).toBe('general');
    expect(activeSettingsTab('/admin/settings')).toBe('general');
    expect(activeSettingsTab('/elsewhere')).toBe('general');
  });
});
