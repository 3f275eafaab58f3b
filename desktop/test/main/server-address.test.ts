/** The server address (src/main/server-address.ts): normalised, health-checked, remembered. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressMessages, checkServer, createServerAddressStore, normalizeServerAddress } from '../../src/main/server-address';

describe('normalizeServerAddress', () => {
  it('keeps the origin of an http(s) address', () => {
    expect(normalizeServerAddress('http://localhost:5000')).toEqual({ ok: true, address: 'http://localhost:5000' });
    expect(normalizeServerAddress(' https://Kafue.Example/ ')).toEqual({ ok: true, address: 'https://kafue.example' });
    expect(normalizeServerAddress('192.168.1.20:5000')).toEqual({ ok: true, address: 'http://192.168.1.20:5000' });
  });

  it('refuses what is not a server address', () => {
    for (const input of ['', '   ', 'file:///etc/passwd', 'javascript:alert(1)', 'ftp://x.example', 'http://user:pw@x.example', 42, null]) {
      expect(normalizeServerAddress(input), String(input)).toEqual({ ok: false, message: addressMessages.invalid });
    }
    for (const input of ['http://x.example/api', 'http://x.example/?a=1', 'http://x.example/#x']) {
      expect(normalizeServerAddress(input), input).toEqual({ ok: false, message: addressMessages.noPath });
    }
  });
});

describe('checkServer', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/api/health') {
        res.statusCode = 200;
        res.end('{"status":"ok"}');
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('accepts a server whose /api/health answers 200', async () => {
    expect(await checkServer(`${origin}/`)).toEqual({ ok: true, address: origin });
  });

  it('refuses one that answers something else, or does not answer', async () => {
    const notKafue = createServer((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => notKafue.listen(0, '127.0.0.1', resolve));
    const other = `http://127.0.0.1:${(notKafue.address() as AddressInfo).port}`;
    expect(await checkServer(other)).toEqual({ ok: false, message: addressMessages.unhealthy(404) });
    await new Promise<void>((resolve) => notKafue.close(() => resolve()));
    expect(await checkServer(other)).toEqual({ ok: false, message: addressMessages.unreachable });
  });
});

describe('the address store', () => {
  it('remembers the address in a JSON file and reads it back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kafue-address-'));
    try {
      const file = join(dir, 'server.json');
      const store = createServerAddressStore(file);
      expect(await store.load()).toBeNull();
      await store.save('http://192.168.1.20:5000');
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ serverAddress: 'http://192.168.1.20:5000' });
      expect(await createServerAddressStore(file).load()).toBe('http://192.168.1.20:5000');
      await writeFile(file, '{"serverAddress":"file:///etc"}');
      expect(await createServerAddressStore(file).load()).toBeNull();
      await writeFile(file, 'not json');
      expect(await createServerAddressStore(file).load()).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
