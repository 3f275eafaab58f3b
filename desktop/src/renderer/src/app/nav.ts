/** The admin menu (spec section 2), also the breadcrumb's labels. */
import { settingsNav } from '../features/settings/nav';

export interface NavItem {
  label: string;
  to: string;
}

export const mainNav: NavItem[] = [
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Add Service', to: '/admin/add-service' },
  { label: 'Manage Services', to: '/admin/manage-services' },
  { label: 'User Management', to: '/admin/users' },
];

const labels = new Map<string, string>([
  ...[...mainNav, ...settingsNav].map((i) => [i.to, i.label] as [string, string]),
  ['/admin/settings', 'Settings'],
]);

export interface Crumb {
  label: string;
  to: string;
}

/** Breadcrumb for a path under /admin: Home, then each known step of the path. */
export function breadcrumbFor(pathname: string): Crumb[] {
  const path = pathname.replace(/\/+$/, '') === '/admin' ? '/admin/dashboard' : pathname;
  const parts = path.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', to: '/admin/dashboard' }];
  for (let i = 2; i <= parts.length; i++) {
    const to = '/' + parts.slice(0, i).join('/');
    const label = labels.get(to);
    crumbs.push({ label: label ?? 'Not found', to });
    if (!label) break;
  }
  return crumbs;
}
