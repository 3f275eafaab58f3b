import { describe, expect, it } from 'vitest';
import { activeSettingsTab } from '../features/settings/SettingsLayout';
import { breadcrumbFor, groupOf, homeNav, navGroups, settingsNav } from './nav';
import { consoleScreens } from './routes';

const labels = (p: string) => breadcrumbFor(p).map((c) => c.label);

describe('breadcrumbFor', () => {
  it('starts with Home', () => {
    expect(labels('/admin')).toEqual(['Home', 'Dashboard']);
    expect(labels('/admin/dashboard')).toEqual(['Home', 'Dashboard']);
  });
  it('names each step of a settings path', () => {
    expect(labels('/admin/settings/admins')).toEqual(['Home', 'Settings', 'Admin Management']);
    expect(labels('/admin/users/')).toEqual(['Home', 'User Management']);
  });
  it('stops at the first unknown step', () => {
    expect(labels('/admin/nope/deeper')).toEqual(['Home', 'Not found']);
    expect(labels('/admin/settings/nope')).toEqual(['Home', 'Settings', 'Not found']);
  });
});

describe('settings tab from the path (the Settings menu as tabs)', () => {
  it('follows the path prefix; any other path selects general', () => {
    expect(activeSettingsTab(settingsNav, '/admin/settings/security')).toBe('security');
    expect(activeSettingsTab(settingsNav, '/admin/settings/admins/anything')).toBe('admins');
    expect(activeSettingsTab(settingsNav, '/admin/settings/backupx')).toBe('general');
    expect(activeSettingsTab(settingsNav, '/admin/settings')).toBe('general');
    expect(activeSettingsTab(settingsNav, '/elsewhere')).toBe('general');
  });
});

describe("the sidebar groups (one opens by itself: the current page's)", () => {
  it('puts every screen but the Dashboard in one group', () => {
    expect(homeNav.map((i) => i.label)).toEqual(['Dashboard']);
    const grouped = navGroups.flatMap((g) => g.items.map((i) => i.to));
    expect(new Set(grouped).size).toBe(consoleScreens.length - 1);
  });
  it('finds the group of a path, and of a path below a screen', () => {
    expect(groupOf('/admin/enquiries')).toBe('leads');
    expect(groupOf('/admin/contacts/abc')).toBe('leads');
    expect(groupOf('/admin/settings/admins')).toBe('settings');
    expect(groupOf('/admin/media')).toBe('website');
    expect(groupOf('/admin/dashboard')).toBeUndefined();
    expect(groupOf('/admin/mediax')).toBeUndefined();
  });
});
