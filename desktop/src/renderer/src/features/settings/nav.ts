/** The Settings submenu and tabs (spec section 2). */
export const settingsNav: { label: string; to: string }[] = [
  { label: 'General', to: '/admin/settings/general' },
  { label: 'Security', to: '/admin/settings/security' },
  { label: 'Notifications', to: '/admin/settings/notifications' },
  { label: 'Backup', to: '/admin/settings/backup' },
  { label: 'Admin Management', to: '/admin/settings/admins' },
];
