import { consoleScreens, menuGroups, settingsBase, type MenuGroupId } from './routes';

/** The admin menu (spec section 2), also the breadcrumb's labels. */
export interface NavItem {
  label: string;
  to: string;
}

export interface NavGroup {
  id: MenuGroupId;
  label: string;
  items: NavItem[];
}

/** What stands above the groups: the Dashboard. */
export const homeNav: NavItem[] = consoleScreens.filter((s) => s.group === 'home');
export const navGroups: NavGroup[] = menuGroups.map((g) => ({ ...g, items: consoleScreens.filter((s) => s.group === g.id) }));
export const settingsNav: NavItem[] = consoleScreens.filter((s) => s.group === 'settings');

/** The group holding the screen at `pathname` (or below it), opened by itself in the sidebar. */
export function groupOf(pathname: string): MenuGroupId | undefined {
  return navGroups.find((g) => g.items.some((i) => pathname === i.to || pathname.startsWith(`${i.to}/`)))?.id;
}

const labels = new Map<string, string>([...consoleScreens.map((i) => [i.to, i.label] as [string, string]), [settingsBase, 'Settings']]);

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
