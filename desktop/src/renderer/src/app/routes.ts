/**
 * The console's screens under /admin (spec section 2), as data: the router builds its routes
 * from this table, the menu and breadcrumb take their labels from it, and the accessibility
 * test visits every entry, so a screen added here is routed, listed and checked at once.
 * Plain data with no React in it, so the end-to-end tests load it too.
 */
import { adminLoginPath } from '@kafue/common/brand';
import { forgotPasswordPath, resetPasswordPath } from '@kafue/common/contract';

/**
 * The sidebar's groups, by what the owner does there; Dashboard stands above them ('home').
 * The Settings group is also the Settings screen's tabs, under /admin/settings.
 */
export const menuGroups = [
  { id: 'website', label: 'Website' },
  { id: 'leads', label: 'Leads & team' },
  { id: 'insight', label: 'Insight' },
  { id: 'settings', label: 'Settings' },
] as const;
export type MenuGroupId = (typeof menuGroups)[number]['id'];

export interface ConsoleScreen {
  /** Names the screen's component in App.tsx (which must give one for every id). */
  id: string;
  label: string;
  /** The full path, under /admin, or under /admin/settings for the Settings group. */
  to: string;
  group: 'home' | MenuGroupId;
}

export const consoleScreens = [
  { id: 'dashboard', label: 'Dashboard', to: '/admin/dashboard', group: 'home' },
  { id: 'site-content', label: 'Site Content', to: '/admin/site-content', group: 'website' },
  { id: 'add-service', label: 'Add Service', to: '/admin/add-service', group: 'website' },
  { id: 'manage-services', label: 'Manage Services', to: '/admin/manage-services', group: 'website' },
  { id: 'media', label: 'Media', to: '/admin/media', group: 'website' },
  { id: 'schedule', label: 'Schedule', to: '/admin/schedule', group: 'website' },
  { id: 'redirects', label: 'Redirects', to: '/admin/redirects', group: 'website' },
  { id: 'enquiries', label: 'Enquiries', to: '/admin/enquiries', group: 'leads' },
  { id: 'enquiry-board', label: 'Enquiry Board', to: '/admin/enquiry-board', group: 'leads' },
  { id: 'contacts', label: 'Contacts', to: '/admin/contacts', group: 'leads' },
  { id: 'client-messages', label: 'Client Messages', to: '/admin/client-messages', group: 'leads' },
  { id: 'subscribers', label: 'Subscribers', to: '/admin/subscribers', group: 'leads' },
  { id: 'users', label: 'User Management', to: '/admin/users', group: 'leads' },
  { id: 'reports', label: 'Reports', to: '/admin/reports', group: 'insight' },
  { id: 'analytics', label: 'Analytics', to: '/admin/analytics', group: 'insight' },
  { id: 'settings-general', label: 'General', to: '/admin/settings/general', group: 'settings' },
  { id: 'settings-company', label: 'Company', to: '/admin/settings/company', group: 'settings' },
  { id: 'settings-security', label: 'Security', to: '/admin/settings/security', group: 'settings' },
  { id: 'settings-notifications', label: 'Notifications', to: '/admin/settings/notifications', group: 'settings' },
  { id: 'settings-backup', label: 'Backup', to: '/admin/settings/backup', group: 'settings' },
  { id: 'settings-admins', label: 'Admin Management', to: '/admin/settings/admins', group: 'settings' },
  { id: 'settings-audit', label: 'Audit Log', to: '/admin/settings/audit', group: 'settings' },
  { id: 'settings-replies', label: 'Reply Times', to: '/admin/settings/replies', group: 'settings' },
  { id: 'settings-payments', label: 'Payments', to: '/admin/settings/payments', group: 'settings' },
  { id: 'settings-saved-replies', label: 'Saved Replies', to: '/admin/settings/saved-replies', group: 'settings' },
] as const satisfies readonly ConsoleScreen[];

export type ScreenId = (typeof consoleScreens)[number]['id'];

/** Where the Settings group's screens live; its own path redirects to the first of them. */
export const settingsBase = '/admin/settings';

/**
 * The screens outside the admin layout, routed from this table like the console's: the sign-in
 * screens, for someone not signed in, and the staff portal, for a signed-in staff member.
 */
export interface OutsideScreen {
  /** Names the screen's component in App.tsx. */
  id: string;
  to: string;
  viewer: 'signed-out' | 'staff';
}

export const outsideScreens = [
  { id: 'admin-login', to: adminLoginPath, viewer: 'signed-out' },
  { id: 'staff-login', to: '/staff-login', viewer: 'signed-out' },
  { id: 'forgot-password', to: forgotPasswordPath, viewer: 'signed-out' },
  { id: 'reset-password', to: resetPasswordPath, viewer: 'signed-out' },
  { id: 'staff-dashboard', to: '/staff/dashboard', viewer: 'staff' },
] as const satisfies readonly OutsideScreen[];

export type OutsideScreenId = (typeof outsideScreens)[number]['id'];
