/** The app menu: the usual roles, plus "Server Address…" to change the server. */
import type { MenuItemConstructorOptions } from 'electron';
import { adminTitle } from '@kafue/common/brand';

const changeServerLabel = 'Server Address…';

export function menuTemplate(options: {
  onChangeServer: () => void;
  platform: NodeJS.Platform;
  devTools: boolean;
}): MenuItemConstructorOptions[] {
  const changeServer: MenuItemConstructorOptions = { label: changeServerLabel, click: options.onChangeServer };
  const isMac = options.platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(options.devTools ? [{ role: 'toggleDevTools' } as MenuItemConstructorOptions] : []),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const first: MenuItemConstructorOptions = isMac
    ? {
        label: adminTitle,
        submenu: [
          { role: 'about' },
          changeServer,
          { type: 'separator' },
          { role: 'hide' },
          { role: 'hideOthers' },
          { role: 'unhide' },
          { type: 'separator' },
          { role: 'quit' },
        ],
      }
    : { label: 'File', submenu: [changeServer, { type: 'separator' }, { role: 'quit' }] };
  return [first, { role: 'editMenu' }, { label: 'View', submenu: view }, { role: 'windowMenu' }];
}
