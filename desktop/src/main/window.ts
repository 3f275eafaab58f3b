/** The console's window. Its web preferences are written out here, literally, for the scanner too. */
import { BrowserWindow } from 'electron';
import { adminTitle } from '@kafue/common/brand';

export function createMainWindow(preload: string): BrowserWindow {
  return new BrowserWindow({
    title: adminTitle,
    width: 1280,
    height: 820,
    minWidth: 360,
    minHeight: 480,
    show: false,
    webPreferences: {
      // The preload exposes named functions, one IPC call each, through contextBridge: never ipcRenderer.
      preload, // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Middle-click would otherwise try to open links in new windows (which are denied anyway).
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
}
