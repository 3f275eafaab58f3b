/**
 * The preload (src/preload/index.ts), with `electron` replaced by a test double: it exposes a few
 * named functions through contextBridge, never ipcRenderer, and the setup functions only to the
 * server-address page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channels } from '../../src/shared/bridge';

vi.mock('electron', () => import('./fake-electron'));

let electron: typeof import('./fake-electron');

/** Runs the preload (afresh) as Electron would in a page at `url`. */
async function loadPreload(url: string) {
  vi.stubGlobal('window', { location: new URL(url) });
  vi.resetModules();
  // The same double the preload gets for `electron`.
  electron = (await import('electron')) as unknown as typeof import('./fake-electron');
  electron.contextBridge.exposed.clear();
  electron.ipcRenderer.invoke.mockClear();
  await import('../../src/preload/index');
  return electron.contextBridge.exposed;
}

afterEach(() => vi.unstubAllGlobals());

describe('the preload', () => {
  it('gives the console window.kafue: five named functions, nothing else', async () => {
    const exposed = await loadPreload('kafue://app/admin/dashboard');
    expect([...exposed.keys()]).toEqual(['kafue']);
    const kafue = exposed.get('kafue') as Record<string, unknown>;
    expect(Object.keys(kafue).sort()).toEqual(['copyText', 'mediaFile', 'request', 'saveBackup', 'saveExport']);
    for (const value of Object.values(kafue)) expect(value).toEqual(expect.any(Function));
    expect(Object.values(kafue)).not.toContain(electron.ipcRenderer);
    expect(Object.values(kafue)).not.toContain(electron.ipcRenderer.invoke);
  });

  it('forwards each call to its own channel, passing only the request fields', async () => {
    const kafue = (await loadPreload('kafue://app/admin/users')).get('kafue') as Record<string, (...args: unknown[]) => Promise<unknown>>;
    await kafue.request({ method: 'GET', path: '/api/staff', body: undefined, extra: 'dropped' });
    await kafue.saveBackup('/api/settings/backups/b.json');
    await kafue.saveExport('/api/enquiries/export.csv?status=New');
    await kafue.copyText('pw');
    await kafue.mediaFile('/media/0123456789abcdef0123456789abcdef-320.jpg');
    expect(electron.ipcRenderer.invoke.mock.calls).toEqual([
      [channels.request, { method: 'GET', path: '/api/staff', body: undefined }],
      [channels.saveBackup, '/api/settings/backups/b.json'],
      [channels.saveExport, '/api/enquiries/export.csv?status=New'],
      [channels.copyText, 'pw'],
      [channels.mediaFile, '/media/0123456789abcdef0123456789abcdef-320.jpg'],
    ]);
  });

  it('gives the server-address page window.kafueSetup only', async () => {
    const exposed = await loadPreload('kafue://app/setup.html');
    expect([...exposed.keys()]).toEqual(['kafueSetup']);
    const setup = exposed.get('kafueSetup') as Record<string, (...args: unknown[]) => Promise<unknown>>;
    expect(Object.keys(setup).sort()).toEqual(['current', 'save']);
    await setup.save('http://localhost:5000');
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith(channels.setupSave, 'http://localhost:5000');
  });
});
