/**
 * Where the desktop session's bearer token lives: in this process's memory, and on disk only
 * encrypted by the operating system's key store (Electron `safeStorage`), so that signing in
 * survives a restart. Where no real key store exists (Linux with the `basic_text` backend, which
 * encrypts with a hard-coded password) or encryption fails, the token stays in memory only:
 * it is never written in plain text.
 *
 * No electron import at run time (types only): `safeStorage` is passed in (a test double in the
 * unit tests).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { SafeStorage } from 'electron';
import type { TokenStore } from './api-client';

interface Encryptor {
  available(): Promise<boolean>;
  encrypt(plain: string): Promise<Buffer>;
  decrypt(data: Buffer): Promise<{ value: string; reEncrypt: boolean }>;
}

type SafeStorageApi = Pick<
  SafeStorage,
  'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'
>;

/** Electron's asynchronous safeStorage API (the synchronous one is deprecated in Electron 45). */
export function safeStorageEncryptor(safeStorage: SafeStorageApi, platform: NodeJS.Platform = process.platform): Encryptor {
  return {
    async available() {
      if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
      // 'basic_text' means "encrypted" with a password written in Electron's source: plain text in effect.
      return !(platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text');
    },
    encrypt: (plain) => safeStorage.encryptStringAsync(plain),
    async decrypt(data) {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(data);
      return { value: result, reEncrypt: shouldReEncrypt };
    },
  };
}

interface FileTokenStore extends TokenStore {
  /** Reads the encrypted token left by a previous run, if any. */
  load(): Promise<void>;
}

export function createTokenStore(file: string, encryptor: Encryptor): FileTokenStore {
  let token: string | null = null;

  async function persist(value: string): Promise<void> {
    if (!(await encryptor.available())) {
      await rm(file, { force: true });
      return;
    }
    const encrypted = await encryptor.encrypt(value);
    await writeFile(file, encrypted, { mode: 0o600 });
  }

  return {
    get: () => token,
    async set(value) {
      token = value;
      try {
        await persist(value);
      } catch {
        // Encryption or the disk failed: keep the session for this run only, leave nothing behind.
        await rm(file, { force: true }).catch(() => undefined);
      }
    },
    async clear() {
      token = null;
      await rm(file, { force: true });
    },
    async load() {
      const data = await readFile(file).catch(() => null);
      if (!data) return;
      try {
        if (!(await encryptor.available())) throw new Error('no key store');
        const { value, reEncrypt } = await encryptor.decrypt(data);
        token = value || null;
        if (token && reEncrypt) await persist(token);
      } catch {
        token = null;
        await rm(file, { force: true });
      }
    },
  };
}
