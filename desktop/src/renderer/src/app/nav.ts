import { consoleScreens, settingsBase } from './routes';

/** The admin menu (spec section 2), also the breadcrumb's labels. */
export interface NavItem {
  label: string;
  to: string;
}

export const mainNav: NavItem[] = consoleScreens.filter((s) => s.menu === 'main');
export const settingsNav: NavItem[] = consoleScreens.filter((s) => s.menu === 'settings');

const labels = new Map<string, string>([
  ...[...mainNav, ...settingsNav].map((i) => [i.to, i.label] as [string, string]),
  [settingsBase, 'Settings'],
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
