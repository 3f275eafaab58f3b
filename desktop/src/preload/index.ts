/**
 * The preload of the console's window (sandboxed, context-isolated). It exposes a few named
 * functions, each one IPC call: never ipcRenderer itself, never Node. The console gets
 * `window.kafue`; only the server-address page gets `window.kafueSetup`. The main process checks
 * again which page is calling.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { channels, type BridgeRequest, type KafueBridge, type SetupBridge } from '../shared/bridge';

const isSetupPage = window.location.pathname === '/setup.html';

if (isSetupPage) {
  const setup: SetupBridge = {
    current: () => ipcRenderer.invoke(channels.setupCurrent),
    save: (address: string) => ipcRenderer.invoke(channels.setupSave, String(address)),
  };
  contextBridge.exposeInMainWorld('kafueSetup', setup);
} else {
  const kafue: KafueBridge = {
    request: (req: BridgeRequest) => ipcRenderer.invoke(channels.request, { method: req?.method, path: req?.path, body: req?.body }),
    saveBackup: (fileUrl: string) => ipcRenderer.invoke(channels.saveBackup, String(fileUrl)),
    saveExport: (path: string) => ipcRenderer.invoke(channels.saveExport, String(path)),
    copyText: (text: string) => ipcRenderer.invoke(channels.copyText, String(text)),
    mediaFile: (path: string) => ipcRenderer.invoke(channels.mediaFile, String(path)),
  };
  contextBridge.exposeInMainWorld('kafue', kafue);
}
