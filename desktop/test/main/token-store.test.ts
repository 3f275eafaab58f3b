/**
 * The bearer token at rest (src/main/token-store.ts): encrypted with safeStorage (the test double
 * of the OS key store from fake-electron.ts), never written in plain text.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTokenStore, safeStorageEncryptor } from '../../src/main/token-store';
import { resetFakeElectron, safeStorage } from './fake-electron';

const token = 'kafue-session-token-3f9a1c7e5b';
let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kafue-token-'));
  file = join(dir, 'session.bin');
  resetFakeElectron({ userData: dir, downloads: dir });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const store = (platform: NodeJS.Platform = 'linux') => createTokenStore(file, safeStorageEncryptor(safeStorage, platform));

describe('the token store', () => {
  it('writes the token only as safeStorage ciphertext, readable only by the user', async () => {
    const tokens = store();
    await tokens.set(token);
    expect(tokens.get()).toBe(token);
    const onDisk = await readFile(file);
    expect(onDisk.toString('latin1')).not.toContain(token);
    expect(onDisk.toString('utf8')).not.toContain(token);
    expect(onDisk).toEqual(await safeStorage.encryptStringAsync(token));
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o077).toBe(0);
  });

  it('gives the session back after a restart', async () => {
    await store().set(token);
    const next = store();
    expect(next.get()).toBeNull();
    await next.load();
    expect(next.get()).toBe(token);
  });

  it('keeps the token in memory only when no OS key store is available', async () => {
    safeStorage.available = false;
    const tokens = store();
    await tokens.set(token);
    expect(tokens.get()).toBe(token);
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
  });

  it("treats Linux's basic_text backend (a hard-coded password) as no encryption", async () => {
    safeStorage.backend = 'basic_text';
    const tokens = store('linux');
    await tokens.set(token);
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
    // The same backend name means nothing on other platforms.
    await store('darwin').set(token);
    expect(await readFile(file)).toEqual(await safeStorage.encryptStringAsync(token));
  });

  it('writes nothing when encryption fails', async () => {
    safeStorage.encryptStringAsync.mockRejectedValueOnce(new Error('key store locked'));
    const tokens = store();
    await tokens.set(token);
    expect(tokens.get()).toBe(token);
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
  });

  it('forgets the token in memory and on disk', async () => {
    const tokens = store();
    await tokens.set(token);
    await tokens.clear();
    expect(tokens.get()).toBeNull();
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
  });

  it('discards a file it cannot decrypt (e.g. a plain-text token put there by someone else)', async () => {
    await writeFile(file, token);
    const tokens = store();
    await tokens.load();
    expect(tokens.get()).toBeNull();
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
  });

  it('re-encrypts when the key store asks for it', async () => {
    await store().set(token);
    safeStorage.decryptStringAsync.mockImplementationOnce(async () => ({ result: token, shouldReEncrypt: true }));
    safeStorage.encryptStringAsync.mockClear();
    const tokens = store();
    await tokens.load();
    expect(tokens.get()).toBe(token);
    expect(safeStorage.encryptStringAsync).toHaveBeenCalledWith(token);
  });
});
