/**
 * The console's menu as the user meets it: an entry sits in a group (routes.ts), opened by its
 * button before the entry shows. Works on the sidebar and on the phone's menu drawer alike.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { consoleScreens, menuGroups } from '../../src/renderer/src/app/routes';

/** The sidebar's menu. */
export const adminMenu = (page: Page): Locator => page.getByRole('navigation', { name: 'Admin menu' });

/** The group button holding the entry `label` (none for the Dashboard). */
export function groupButton(menu: Locator, label: string): Locator | undefined {
  const screen = consoleScreens.find((s) => s.label === label);
  if (!screen) throw new Error(`no menu entry ${label}`);
  const group = menuGroups.find((g) => g.id === screen.group);
  return group && menu.getByRole('button', { name: group.label, exact: true });
}

/** The entry's link (Enquiries carries its unread count in its name). */
export const entryLink = (menu: Locator, label: string): Locator =>
  menu.getByRole('link', { name: new RegExp(`^${label}( \\d+ unread)?$`) });

/** Opens the entry's group, unless it is open already, and answers the entry's link. */
export async function menuEntry(menu: Locator, label: string): Promise<Locator> {
  const button = groupButton(menu, label);
  if (button && (await button.getAttribute('aria-expanded')) !== 'true') {
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
  return entryLink(menu, label);
}
