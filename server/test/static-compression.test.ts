/**
 * The built site and console are sent compressed: the builds write .br and .gz copies
 * (scripts/precompress.mjs) and the static server sends the one the browser accepts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFiles } from '../src/web/static.js';
// @ts-expect-error: a plain build script, without type declarations.
import { precompress } from '../../scripts/precompress.mjs';

const dir = mkdtempSync(join(tmpdir(), 'kafue-compress-'));
const page = `<!doctype html><title>Services</title>${'<p>Web development, hosting and design.</p>'.repeat(200)}`;
const script = `export const prices = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, price: '$499' })))};`;
let server: Server;
let base = '';

beforeAll(async () => {
  mkdirSync(join(dir, 'site/services'), { recursive: true });
  mkdirSync(join(dir, 'site/assets'), { recursive: true });
  mkdirSync(join(dir, 'console'), { recursive: true });
  writeFileSync(join(dir, 'site/services/index.html'), page);
  writeFileSync(join(dir, 'site/assets/app-1a2b3c.js'), script);
  writeFileSync(join(dir, 'site/favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'site/404.html'), '<!doctype html><title>404</title>');
  expect(precompress(join(dir, 'site')).files).toBe(2); // the page and the script; the icon is too small
  const app = new Koa().use(staticFiles(join(dir, 'site'), join(dir, 'console')));
  const handle = app.callback();
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** fetch() would decode the body itself; read the raw bytes instead. */
async function raw(path: string, acceptEncoding?: string) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressed static files', () => {
  it('sends Brotli to a browser that accepts it, with the right length, type and Vary', async () => {
    const res = await raw('/services', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(page);
  });

  it('sends gzip when that is all the client accepts', async () => {
    const res = await raw('/assets/app-1a2b3c.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it('sends the file as it is to a client that accepts no encoding, or when there is no copy', async () => {
    const plain = await raw('/services');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    const icon = await raw('/favicon.svg', 'br');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body.toString()).toContain('<svg');
  });

  it('gives each encoding its own ETag, so a cache never mixes them up', async () => {
    const br = await raw('/services', 'br');
    const gzip = await raw('/services', 'gzip');
    const plain = await raw('/services');
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });
});
