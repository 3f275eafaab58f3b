/**
 * The request module behind `window.kafue` (src/main/api-client.ts): bearer sessions on sign-in,
 * the token kept out of the renderer's answers, the Authorization header only to the configured
 * server, the token forgotten on sign-out and on 401, and backups saved through a dialog.
 */
import { describe, expect, it, vi } from 'vitest';
import { api } from '@kafue/common/contract';
import { createApiClient, type TokenStore } from '../../src/main/api-client';

const origin = 'http://office-server.local:5000';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function memoryTokens(initial: string | null = null): TokenStore & { value: string | null } {
  const store = {
    value: initial,
    get: () => store.value,
    set: async (token: string) => void (store.value = token),
    clear: async () => void (store.value = null),
  };
  return store;
}

/** A fake server: answers each call with `answer(path)` and records what was sent. */
function setup(answer: (sent: Sent) => Response | Promise<Response>, tokens = memoryTokens()) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: URL | RequestInfo, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const call = {
      url: input instanceof Request ? input.url : String(input),
      method: init?.method ?? 'GET',
      headers,
      body:
        init?.body instanceof Uint8Array || init?.body instanceof FormData
          ? init.body
          : init?.body
            ? JSON.parse(init.body as string)
            : undefined,
    };
    sent.push(call);
    return answer(call);
  });
  let server: string | null = origin;
  const client = createApiClient({ serverOrigin: () => server, tokens, fetch: fetch });
  return { client, sent, tokens, fetch, setServer: (value: string | null) => void (server = value) };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const admin = { _id: '4b0c3c3e-7d0f-4d1e-9a59-0a1b2c3d4e5f', name: 'Super', email: 'super@kafue.test', role: 'Super Admin' };

describe('sign-in', () => {
  it.each([api.adminLogin, api.authLogin, api.staffLogin])(
    '%s asks for a bearer session, keeps the token and strips it from the answer',
    async (path) => {
      const { client, sent, tokens } = setup(() => json({ admin, token: 'secret-token-1' }));
      const answer = await client.request({ method: 'POST', path, body: { email: 'super@kafue.test', password: 'pw', session: 'cookie' } });
      expect(sent[0].body).toEqual({ email: 'super@kafue.test', password: 'pw', session: 'bearer' });
      expect(sent[0].headers.authorization).toBeUndefined();
      expect(answer).toEqual({ status: 200, body: { admin } });
      expect(JSON.stringify(answer)).not.toContain('secret-token-1');
      expect(tokens.value).toBe('secret-token-1');
    },
  );

  it('keeps no token from a failed sign-in', async () => {
    const { client, tokens } = setup(() => json({ message: 'Invalid email or password.', token: 'nope' }, 401));
    const answer = await client.request({ method: 'POST', path: api.adminLogin, body: { email: 'a@b.example', password: 'x' } });
    expect(answer).toEqual({ status: 401, body: { message: 'Invalid email or password.' } });
    expect(tokens.value).toBeNull();
  });

  it('never hands a token field to the renderer, whatever the call', async () => {
    const { client } = setup(() => json({ token: 'leak', ok: 1 }));
    expect(await client.request({ method: 'GET', path: '/api/staff/me' })).toEqual({ status: 200, body: { ok: 1 } });
  });
});

describe('a file as the body', () => {
  it('sends its bytes as they are, application/octet-stream, with the token (a backup to restore)', async () => {
    const { client, sent } = setup(() => json({ message: 'Backup restored' }), memoryTokens('secret-token-2'));
    const bytes = new TextEncoder().encode('{"format":"kafue-backup","version":2,"sha256":"ü"}');
    const answer = await client.request({ method: 'POST', path: api.backupRestoreUpload, body: bytes });
    expect(answer).toEqual({ status: 200, body: { message: 'Backup restored' } });
    expect(sent[0].headers['content-type']).toBe('application/octet-stream');
    expect(sent[0].headers.authorization).toBe('Bearer secret-token-2');
    expect(sent[0].body).toEqual(bytes);
  });
});

describe('a form as the body', () => {
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 250]);

  it('sends it as multipart/form-data, its file as it is, with the token (a photograph to the media library)', async () => {
    const { client, sent } = setup(() => json({ message: 'Uploaded' }, 201), memoryTokens('secret-token-3'));
    const form = [
      { name: 'alt', value: 'Our office' },
      { name: 'file', value: { filename: 'office.jpg', type: 'image/jpeg', bytes } },
    ];
    const answer = await client.request({ method: 'POST', path: api.media, body: { form } });
    expect(answer).toEqual({ status: 201, body: { message: 'Uploaded' } });
    // fetch writes the type itself, with the form's boundary.
    expect(sent[0].headers['content-type']).toBeUndefined();
    expect(sent[0].headers.authorization).toBe('Bearer secret-token-3');
    const body = sent[0].body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('alt')).toBe('Our office');
    const file = body.get('file') as File;
    expect([file.name, file.type]).toEqual(['office.jpg', 'image/jpeg']);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it('is no form when a file is not bytes: sent as JSON, as any other body', async () => {
    const { client, sent } = setup(() => json({ message: 'The request is not valid.' }, 400));
    await client.request({
      method: 'POST',
      path: api.media,
      body: { form: [{ name: 'file', value: { filename: 'a.jpg', type: 'image/jpeg', bytes: 'abc' } }] },
    });
    expect(sent[0].headers['content-type']).toBe('application/json');
  });
});

describe('media files for the page', () => {
  it('fetches a /media/ file of the configured server without the token, as bytes with its type', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 9]);
    const { client, sent } = setup(
      () => new Response(bytes, { headers: { 'Content-Type': 'image/jpeg' } }),
      memoryTokens('secret-token-4'),
    );
    expect(await client.mediaFile('/media/0123456789abcdef0123456789abcdef-320.jpg')).toEqual({ type: 'image/jpeg', bytes });
    expect(sent[0].url).toBe(`${origin}/media/0123456789abcdef0123456789abcdef-320.jpg`);
    expect(sent[0].headers.authorization).toBeUndefined();
  });

  it('answers null for a file the server does not have, and refuses any other path before sending', async () => {
    const { client, sent } = setup(() => new Response('Not found', { status: 404 }));
    expect(await client.mediaFile('/media/none.jpg')).toBeNull();
    for (const path of ['/api/staff', '/media/../api/staff', '//evil.example/media/x.jpg', 'https://evil.example/media/x.jpg', 42]) {
      await expect(client.mediaFile(path)).rejects.toThrow();
    }
    expect(sent).toHaveLength(1);
  });
});

describe('answers that are pages', () => {
  it('hands the content preview (a successful HTML answer) over as its text, with the token sent', async () => {
    const page = '<!doctype html><title>Services</title><h1>Draft</h1>';
    const { client, sent } = setup(
      () => new Response(page, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
      memoryTokens('tok-P'),
    );
    expect(await client.request({ method: 'GET', path: api.contentPreview('services', 'x') })).toEqual({ status: 200, body: page });
    expect(sent[0].headers.authorization).toBe('Bearer tok-P');
  });

  it("still reads a failure's HTML page (a proxy's) as no body", async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    expect(await client.request({ method: 'GET', path: api.contentPreview('services', 'x') })).toEqual({ status: 502, body: null });
  });
});

describe('the Authorization header', () => {
  it('goes with every call to the configured server once signed in', async () => {
    const { client, sent } = setup(() => json({ ok: true }), memoryTokens('tok-A'));
    await client.request({ method: 'GET', path: api.authVerify });
    await client.request({ method: 'PUT', path: api.generalSettings, body: { siteName: 'K' } });
    await client.request({ method: 'DELETE', path: api.staffById('x') });
    expect(sent.map((s) => [s.method, s.url, s.headers.authorization])).toEqual([
      ['GET', `${origin}/api/auth/verify`, 'Bearer tok-A'],
      ['PUT', `${origin}/api/admin/settings/general`, 'Bearer tok-A'],
      ['DELETE', `${origin}/api/staff/x`, 'Bearer tok-A'],
    ]);
    expect(sent[1].body).toEqual({ siteName: 'K' });
    expect(sent[1].headers['content-type']).toBe('application/json');
  });

  it('is not sent anywhere else: any path that would leave the configured server is refused unsent', async () => {
    const { client, fetch } = setup(() => json({}), memoryTokens('tok-A'));
    for (const path of [
      'https://evil.example/api/staff',
      '//evil.example/api/staff',
      '/\\evil.example/api/staff',
      'api/staff',
      '/admin/dashboard',
      '/api/../kafue-secure-admin',
      '/api/%2e%2e/x',
      'http://office-server.local:5000/api/staff',
      '/api/staff\r\nX-Evil: 1',
    ]) {
      await expect(client.request({ method: 'GET', path }), path).rejects.toThrow(/Only API paths of the configured server/);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('follows the configured server when it changes, and nothing is sent before one is configured', async () => {
    const { client, sent, setServer, fetch } = setup(() => json({}), memoryTokens('tok-A'));
    setServer(null);
    await expect(client.request({ method: 'GET', path: api.authVerify })).rejects.toThrow(/No server address/);
    expect(fetch).not.toHaveBeenCalled();
    setServer('https://other.example');
    await client.request({ method: 'GET', path: api.authVerify });
    expect(sent[0].url).toBe('https://other.example/api/auth/verify');
  });

  it('refuses malformed calls from the renderer', async () => {
    const { client, fetch } = setup(() => json({}));
    for (const bad of [
      null,
      'GET /api/x',
      { method: 'PATCH', path: '/api/x' },
      { method: 'GET' },
      { method: 'GET', path: 42 },
      { method: 'GET', path: `/api/${'a'.repeat(3000)}` },
    ]) {
      await expect(client.request(bad)).rejects.toThrow(/Invalid request/);
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('forgetting the token', () => {
  it.each([api.adminLogout, api.authLogout, api.staffLogout])(
    '%s clears it (after sending it once more so the server revokes the session)',
    async (path) => {
      const { client, sent, tokens } = setup(() => json({ message: 'Logged out' }), memoryTokens('tok-A'));
      await client.request({ method: 'POST', path, body: {} });
      expect(sent[0].headers.authorization).toBe('Bearer tok-A');
      expect(tokens.value).toBeNull();
    },
  );

  it('clears it on sign-out even when the server cannot be reached', async () => {
    const { client, tokens } = setup(() => Promise.reject(new TypeError('fetch failed')), memoryTokens('tok-A'));
    await expect(client.request({ method: 'POST', path: api.adminLogout, body: {} })).rejects.toThrow();
    expect(tokens.value).toBeNull();
  });

  it('clears it on any 401', async () => {
    const { client, tokens, sent } = setup(() => json({ message: 'Not signed in.' }, 401), memoryTokens('tok-A'));
    expect(await client.request({ method: 'GET', path: api.staff })).toEqual({ status: 401, body: { message: 'Not signed in.' } });
    expect(tokens.value).toBeNull();
    await client.request({ method: 'GET', path: api.staff });
    expect(sent[1].headers.authorization).toBeUndefined();
  });

  it('keeps it on other refusals (403 is "not allowed", not "signed out")', async () => {
    const { client, tokens } = setup(() => json({ message: 'You do not have permission to do this.' }, 403), memoryTokens('tok-A'));
    await client.request({ method: 'DELETE', path: api.adminById('x') });
    expect(tokens.value).toBe('tok-A');
  });
});

describe('saving a backup', () => {
  const file = api.backupFile('kafue-backup-2026-11-21.json');
  const backup = () => new Response('{"backup":true}', { status: 200 });

  it('downloads it with the token and writes it where the user chooses', async () => {
    const { client, sent } = setup(backup, memoryTokens('tok-A'));
    const writeFile = vi.fn(async () => undefined);
    const chooseFile = vi.fn(async () => '/home/me/backup.json');
    expect(await client.saveBackup(file, { chooseFile, writeFile })).toEqual({ saved: true });
    expect(sent[0].url).toBe(`${origin}${file}`);
    expect(sent[0].headers.authorization).toBe('Bearer tok-A');
    expect(chooseFile).toHaveBeenCalledWith('kafue-backup-2026-11-21.json');
    expect(writeFile).toHaveBeenCalledWith('/home/me/backup.json', new TextEncoder().encode('{"backup":true}'));
  });

  it('accepts the full URL of the configured server too', async () => {
    const { client, sent } = setup(backup, memoryTokens('tok-A'));
    await client.saveBackup(`${origin}${file}`, { chooseFile: async () => '/tmp/b.json', writeFile: async () => undefined });
    expect(sent[0].url).toBe(`${origin}${file}`);
  });

  it('writes nothing when the user cancels the dialog', async () => {
    const { client } = setup(backup, memoryTokens('tok-A'));
    const writeFile = vi.fn();
    expect(await client.saveBackup(file, { chooseFile: async () => undefined, writeFile })).toEqual({ saved: false });
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('refuses anything but a backup file of the configured server, before sending', async () => {
    const { client, fetch } = setup(backup, memoryTokens('tok-A'));
    const target = { chooseFile: vi.fn(), writeFile: vi.fn() };
    for (const url of [
      'https://evil.example/api/settings/backups/x.json',
      '/api/staff',
      '//evil.example/api/settings/backups/x',
      '/api/settings/backups/../../staff',
      42,
    ]) {
      await expect(client.saveBackup(url, target), String(url)).rejects.toThrow();
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(target.chooseFile).not.toHaveBeenCalled();
  });

  it("saves the audit log's CSV export too, with its filters, and no other path beside it", async () => {
    const { client, sent } = setup(() => new Response('"at"\r\n', { status: 200 }), memoryTokens('tok-A'));
    const chooseFile = vi.fn(async () => '/tmp/audit.csv');
    const exported = `${api.auditExport}?action=staff&from=2026-11-01`;
    expect(await client.saveBackup(exported, { chooseFile, writeFile: async () => undefined })).toEqual({ saved: true });
    expect(sent[0].url).toBe(`${origin}${exported}`);
    expect(chooseFile).toHaveBeenCalledWith('export.csv');
    const target = { chooseFile: vi.fn(), writeFile: vi.fn() };
    for (const url of [`${api.auditExport}/../../staff`, `${api.auditExport}x`, '/api/settings/audit']) {
      await expect(client.saveBackup(url, target), url).rejects.toThrow();
    }
  });

  it('reports a failed download without asking where to save, and forgets the token on 401', async () => {
    const { client, tokens } = setup(() => json({ message: 'Not signed in.' }, 401), memoryTokens('tok-A'));
    const target = { chooseFile: vi.fn(), writeFile: vi.fn() };
    await expect(client.saveBackup(file, target)).rejects.toThrow(/status 401/);
    expect(target.chooseFile).not.toHaveBeenCalled();
    expect(tokens.value).toBeNull();
  });
});

describe('saving the enquiries export', () => {
  const path = '/api/enquiries/export.csv?status=New&q=kafue';
  const csv = () => new Response('Name,Email\r\nChanda,c@example.com\r\n', { status: 200 });

  it('downloads it with the token and the filters, and writes it where the user chooses', async () => {
    const { client, sent } = setup(csv, memoryTokens('tok-A'));
    const writeFile = vi.fn(async () => undefined);
    const chooseFile = vi.fn(async () => '/home/me/enquiries.csv');
    expect(await client.saveExport(path, { chooseFile, writeFile })).toEqual({ saved: true });
    expect(sent[0].url).toBe(`${origin}${path}`);
    expect(sent[0].headers.authorization).toBe('Bearer tok-A');
    expect(chooseFile).toHaveBeenCalledWith('enquiries.csv');
    expect(writeFile).toHaveBeenCalledWith('/home/me/enquiries.csv', new TextEncoder().encode('Name,Email\r\nChanda,c@example.com\r\n'));
  });

  it("saves a quote's PDF and a client's attachment under the names their answers give", async () => {
    const id = '3f2a9c1b-0000-4000-8000-000000000001';
    const files: Record<string, Response> = {
      [`/api/quotes/${id}/pdf`]: new Response('%PDF-1.4', { headers: { 'content-disposition': 'attachment; filename="Q-2026-0004.pdf"' } }),
      [`/api/enquiries/${id}/attachments/${id}`]: new Response('plan', {
        // As Koa writes a name that is not ASCII: the UTF-8 form wins; a folder in it is dropped.
        headers: { 'content-disposition': `attachment; filename="plan.txt"; filename*=UTF-8''..%2F%C5%A0kola%20plan.txt` },
      }),
    };
    const { client } = setup((sent) => files[new URL(sent.url).pathname], memoryTokens('tok-A'));
    const chooseFile = vi.fn(async () => '/home/me/file');
    for (const path of Object.keys(files))
      expect(await client.saveExport(path, { chooseFile, writeFile: vi.fn() })).toEqual({ saved: true });
    expect(chooseFile.mock.calls).toEqual([['Q-2026-0004.pdf'], ['Škola plan.txt']]);
  });

  it('refuses any other path, before sending', async () => {
    const { client, fetch } = setup(csv, memoryTokens('tok-A'));
    const target = { chooseFile: vi.fn(), writeFile: vi.fn() };
    for (const url of [
      '/api/staff',
      '/api/enquiries/export.csv/../../staff',
      '/api/enquiries/export.csvx',
      '/api/enquiries/x/attachments/y/../../../../staff',
      '/api/enquiries/x/attachments/',
      '/api/quotes/x/pdf/extra',
      'https://evil.example/api/enquiries/export.csv',
      42,
    ]) {
      await expect(client.saveExport(url, target), String(url)).rejects.toThrow();
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(target.chooseFile).not.toHaveBeenCalled();
  });

  it('reports a refused download without asking where to save', async () => {
    const { client } = setup(() => json({ message: 'You do not have permission to do this.' }, 403), memoryTokens('tok-A'));
    const target = { chooseFile: vi.fn(), writeFile: vi.fn() };
    await expect(client.saveExport(path, target)).rejects.toThrow(/status 403/);
    expect(target.chooseFile).not.toHaveBeenCalled();
  });
});
