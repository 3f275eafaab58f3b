/**
 * The media library (issue 23 item 5): uploads typed by their content, limited in size, SVG
 * refused, photographs stored without their EXIF (GPS position included), renditions made off the
 * request path at the widths and formats the pages ask for, served at immutable addresses, delete
 * refused while in use, and the files in backups and back after a restore.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { mediaMessages, renditionPath, type MediaItem } from '@kafue/common/media';
import { sampleService, startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let editor: Client;

beforeAll(async () => {
  t = await startTestServer();
  editor = (await t.admin('Editor')).client;
});
afterAll(() => t.close());

/** A photograph-like picture (gradients and grain), `width` x `height`, with a GPS position in its EXIF. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = (x * 7919 + y * 104729) % 23;
      raw[i] = ((x * 255) / width + grain) & 255;
      raw[i + 1] = ((y * 255) / height + grain) & 255;
      raw[i + 2] = (((x + y) * 128) / width + grain) & 255;
    }
  const image = sharp(raw, { raw: { width, height, channels: 3 } }).withExif({
    IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
    IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '15/1 25/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '28/1 17/1 5/1' },
  });
  return image.toFormat(format, format === 'jpeg' ? { quality: 92 } : {}).toBuffer();
}

async function upload(client: Client, bytes: Buffer, filename: string, alt?: string) {
  const form = new FormData();
  if (alt !== undefined) form.append('alt', alt);
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const response = await fetch(t.url + api.media, {
    method: 'POST',
    body: form,
    headers: client.cookie ? { cookie: `kafue_session=${client.cookie}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as { message: string; item: MediaItem } };
}

/** The item once every rendition is made (they are made after the upload answered). */
async function whenRendered(id: string): Promise<MediaItem> {
  const until = Date.now() + 20_000;
  for (;;) {
    const item = (await editor.get<MediaItem>(`${api.media}/${id}`)).body;
    if (item.renditions.done === item.renditions.total) return item;
    if (Date.now() > until)
      throw new Error(`renditions not made: ${JSON.stringify(item.renditions)} ${t.logs.filter((l) => l.includes('media')).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(t.url + path, { headers });
const hashOf = (item: MediaItem) => /\/media\/([0-9a-f]{32})\./.exec(item.url)![1];

describe('uploading', () => {
  it('reads the type from the content, not the name, and stores a photograph without its EXIF', async () => {
    const original = await photo(800, 600);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const answer = await upload(editor, original, 'holiday.png', 'Our office at sunrise');
    expect(answer.status).toBe(201);
    expect(answer.body.item).toMatchObject({
      kind: 'image',
      type: 'image/jpeg',
      width: 800,
      height: 600,
      alt: 'Our office at sunrise',
      filename: 'holiday.png',
    });
    expect(answer.body.item.renditions.total).toBe(2 * 3);

    const stored = await get(answer.body.item.url);
    expect(stored.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await stored.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(800);
    expect(bytes.includes('PhoneMaker')).toBe(false);
    // Nor is the original kept anywhere in the database.
    const [row] = await t.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM media WHERE position('PhoneMaker'::bytea IN content) > 0`,
    );
    expect(row.n).toBe(0);

    // Every photograph type, named as another: typed by its bytes, kept without its EXIF.
    for (const [format, type] of [
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
    ] as const) {
      const bytes = await photo(64, 48, format);
      expect((await sharp(bytes).metadata()).exif, `the ${format} made for the test has its EXIF`).toBeDefined();
      const other = await upload(editor, bytes, 'scan.jpg', 'A scan');
      expect(other.status, format).toBe(201);
      expect(other.body.item.type).toBe(type);
      expect((await sharp(Buffer.from(await (await get(other.body.item.url)).arrayBuffer())).metadata()).exif, format).toBeUndefined();
    }
  });

  it('refuses SVG, and anything that is no photograph or video, whatever its name', async () => {
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload(editor, svg, 'logo.svg', 'Logo')).toMatchObject({ status: 415, body: { message: mediaMessages.svg } });
    expect(await upload(editor, svg, 'logo.jpg', 'Logo')).toMatchObject({ status: 415, body: { message: mediaMessages.svg } });
    const script = Buffer.from('#!/bin/sh\necho hello\n'.repeat(40));
    expect(await upload(editor, script, 'photo.jpg', 'x')).toMatchObject({ status: 415, body: { message: mediaMessages.unsupported } });
    // An iPhone's HEIC is an ISO file too, but no AVIF.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(600)]);
    expect((await upload(editor, heic, 'IMG_0001.HEIC', 'x')).status).toBe(415);
    // A file that starts as a JPEG but is none: refused, not stored.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect(await upload(editor, fake, 'broken.jpg', 'x')).toMatchObject({ status: 400, body: { message: mediaMessages.unreadable } });
    const [{ n }] = await t.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM media WHERE filename IN ('logo.svg', 'logo.jpg', 'photo.jpg', 'broken.jpg')`,
    );
    expect(n).toBe(0);
  });

  it('takes videos (MP4, WebM), and limits photographs to 20 MB and videos to 50 MB', async () => {
    const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom\0\0\x02\0isomiso2'), Buffer.alloc(4000, 1)]);
    const mp4 = await upload(editor, mp4Head, 'hero.bin', '');
    expect(mp4.status).toBe(201);
    expect(mp4.body.item).toMatchObject({
      kind: 'video',
      type: 'video/mp4',
      url: expect.stringMatching(/\.mp4$/),
      renditions: { total: 0 },
    });
    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
      Buffer.from('webm'),
      Buffer.alloc(1000),
    ]);
    expect((await upload(editor, webm, 'clip', '')).body.item.type).toBe('video/webm');

    const mb = 1024 * 1024;
    const bigPhoto = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20 * mb)]);
    expect(await upload(editor, bigPhoto, 'big.jpg', 'x')).toMatchObject({ status: 413, body: { message: mediaMessages.imageTooLarge } });
    const bigVideo = Buffer.concat([mp4Head, Buffer.alloc(50 * mb)]);
    expect(await upload(editor, bigVideo, 'big.mp4')).toMatchObject({ status: 413, body: { message: mediaMessages.videoTooLarge } });

    // A video answers byte ranges, as browsers ask for them.
    const range = await get(mp4.body.item.url, { range: 'bytes=4-11' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 4-11/${mp4Head.length}`);
    expect(Buffer.from(await range.arrayBuffer()).toString('latin1')).toBe('ftypisom');
  });

  it("keeps a video's picture and sound but not where a phone recorded it (its MP4 metadata boxes blanked in place)", async () => {
    const box = (type: string, ...content: (Buffer | string)[]) => {
      const body = Buffer.concat(content.map((c) => (typeof c === 'string' ? Buffer.from(c, 'latin1') : c)));
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + body.length);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body]);
    };
    const where = '+15.4167+028.2833+1234.000/';
    const xmp = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
    const other = Buffer.from('a2394f525a9b4f14a2446c427c648df4', 'hex');
    const recorded = Buffer.concat([
      box('ftyp', 'isom\0\0\x02\0isomiso2mp41'),
      box(
        'moov',
        box('mvhd', Buffer.alloc(100, 7)),
        box('udta', box('\xa9xyz', '\0\x13\x15\xc7', where)),
        box('meta', Buffer.alloc(4), box('keys', 'com.apple.quicktime.location.ISO6709'), box('ilst', where)),
        box('trak', box('tkhd', Buffer.alloc(84, 9)), box('udta', box('name', 'Back camera'))),
      ),
      box('uuid', xmp, `<x:xmpmeta><exif:GPSLatitude>${where}</exif:GPSLatitude></x:xmpmeta>`),
      box('uuid', other, 'kept as it is'),
      box('mdat', 'PICTURE AND SOUND'),
    ]);
    const item = (await upload(editor, recorded, 'office.mp4', '')).body.item;
    const stored = Buffer.from(await (await get(item.url)).arrayBuffer());
    expect(stored.length).toBe(recorded.length);
    const text = stored.toString('latin1');
    for (const gone of [where, 'com.apple.quicktime', 'Back camera', 'udta', 'meta']) expect(text).not.toContain(gone);
    expect(text).toContain('free');
    // The rest where it was: the movie's header, the track's, the other uuid box, the samples.
    for (const kept of ['ftypisom', 'mvhd', 'tkhd', 'kept as it is', 'mdatPICTURE AND SOUND']) {
      expect(stored.indexOf(kept, 0, 'latin1')).toBe(recorded.indexOf(kept, 0, 'latin1'));
    }
  });

  it('is for Super Admins and Editors; a Moderator reads the library but cannot upload', async () => {
    const moderator = (await t.admin('Moderator')).client;
    expect((await upload(moderator, await photo(40, 30), 'a.jpg', 'a')).status).toBe(403);
    expect((await moderator.get(api.media)).status).toBe(200);
    expect((await upload(t.client(), await photo(40, 30), 'a.jpg', 'a')).status).toBe(401);
  });
});

describe('renditions', () => {
  it('are made after the upload answers: AVIF, WebP and JPEG at each width up to the original, at immutable addresses', async () => {
    const answer = await upload(editor, await photo(2000, 1500), 'wide.jpg', 'A wide photograph');
    expect(answer.status).toBe(201);
    expect(answer.body.item.renditions).toEqual({ done: 0, total: 5 * 3 });
    const item = await whenRendered(answer.body.item._id);
    const hash = hashOf(item);
    for (const width of [320, 640, 960, 1280, 1920]) {
      for (const format of ['avif', 'webp', 'jpg'] as const) {
        const response = await get(renditionPath(hash, width, format));
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const etag = response.headers.get('etag')!;
        expect(etag).toMatch(/^"[^W]/);
        const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect([meta.width, meta.height, meta.format]).toEqual([
          width,
          (width * 3) / 4,
          format === 'jpg' ? 'jpeg' : format === 'avif' ? 'heif' : 'webp',
        ]);
        expect((await get(renditionPath(hash, width, format), { 'if-none-match': etag, 'cache-control': 'max-age=0' })).status).toBe(304);
      }
    }
    // A phone gets its picture within 60 KB.
    const phone = await get(renditionPath(hash, 640, 'avif'));
    expect(Number(phone.headers.get('content-length'))).toBeLessThan(60 * 1024);
    expect((await get(renditionPath(hash, 2560, 'jpg'))).status).toBe(404);
  });

  it('are never wider than the original: a narrow one is made at its own width', async () => {
    const small = await whenRendered((await upload(editor, await photo(200, 100), 'small.jpg', 'Small')).body.item._id);
    expect(small.renditions.total).toBe(3);
    expect((await get(renditionPath(hashOf(small), 200, 'webp'))).status).toBe(200);
    expect((await get(renditionPath(hashOf(small), 320, 'webp'))).status).toBe(404);
  });
});

describe('in use', () => {
  it('a service names a described photograph; deleting it is refused while used, with where', async () => {
    const undescribed = (await upload(editor, await photo(100, 80), 'nodesc.jpg')).body.item;
    const refused = await editor.post(api.content('services'), { ...sampleService, image: undescribed._id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ image: mediaMessages.altRequired });
    expect((await editor.put(`${api.media}/${undescribed._id}`, { alt: '' })).status).toBe(400);
    const described = await editor.put(`${api.media}/${undescribed._id}`, { alt: 'A laptop on a desk' });
    expect(described.body).toMatchObject({ message: mediaMessages.altSaved, item: { alt: 'A laptop on a desk' } });

    const service = await editor.post(api.content('services'), {
      ...sampleService,
      title: 'Pictured Service',
      image: undescribed._id,
      status: 'published',
    });
    expect(service.status).toBe(201);
    const deleting = await editor.delete(`${api.media}/${undescribed._id}`);
    expect(deleting.status).toBe(409);
    expect(deleting.body).toEqual({
      message: mediaMessages.inUse,
      usedIn: [{ type: 'services', id: service.body.item._id, label: 'Pictured Service', field: 'image' }],
    });
    expect((await editor.get<MediaItem>(`${api.media}/${undescribed._id}`)).body.usedIn).toHaveLength(1);

    const video = (await editor.get<{ items: MediaItem[] }>(`${api.media}?kind=video`)).body.items[0];
    expect((await editor.post(api.content('services'), { ...sampleService, image: video._id })).body.errors).toEqual({
      image: mediaMessages.notImage,
    });

    expect((await editor.delete(api.contentItem('services', service.body.item._id))).status).toBe(200);
    expect(await editor.delete(`${api.media}/${undescribed._id}`)).toMatchObject({ status: 200, body: { message: mediaMessages.deleted } });
    expect((await get(undescribed.url)).status).toBe(404);
    expect((await editor.get(`${api.media}/${undescribed._id}`)).body).toEqual({ message: messages.notFound });
  });

  it('a file deleted through one process is no longer served by another that kept it in memory', async () => {
    const second = await startTestServer({ databaseUrl: t.databaseUrl });
    try {
      const item = (await upload(editor, await photo(400, 300), 'kept.jpg', 'Kept elsewhere')).body.item;
      const rendered = await whenRendered(item._id);
      const elsewhere = (path: string) => fetch(second.url + path);
      expect((await elsewhere(rendered.url)).status).toBe(200);
      expect((await elsewhere(rendered.url)).status).toBe(200); // from its memory now
      expect((await editor.delete(`${api.media}/${item._id}`)).status).toBe(200);
      const until = Date.now() + 5_000;
      let status = 200;
      while (status === 200 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await elsewhere(rendered.url)).status;
      }
      expect(status).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('lists the library newest first, page by page', async () => {
    const first = (await editor.get<{ items: MediaItem[]; total: number }>(`${api.media}?pageSize=2`)).body;
    expect(first.items).toHaveLength(2);
    const second = (await editor.get<{ items: MediaItem[]; total: number }>(`${api.media}?pageSize=2&page=2`)).body;
    expect(second.total).toBe(first.total);
    expect(second.items[0]._id).not.toBe(first.items[0]._id);
    expect(first.items[0].createdAt >= second.items[0].createdAt).toBe(true);
  });
});

describe('backups', () => {
  it('hold the files and their renditions, and a restore brings them back byte for byte', async () => {
    const admin = (await t.admin('Super Admin')).client;
    const item = await whenRendered((await upload(editor, await photo(700, 500), 'kept.jpg', 'Kept through a restore')).body.item._id);
    const rendition = renditionPath(hashOf(item), 640, 'avif');
    const [before, renditionBefore] = await Promise.all(
      [get(item.url), get(rendition)].map(async (r) => Buffer.from(await (await r).arrayBuffer())),
    );
    const made = await admin.post(api.backup);
    expect(made.status).toBe(200);
    const file = Buffer.from(await (await get(made.body.fileUrl, { cookie: `kafue_session=${admin.cookie}` })).arrayBuffer());

    await t.db.query(`DELETE FROM media WHERE id = $1`, [item._id]);
    const restored = await fetch(t.url + api.backupRestoreUpload, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', cookie: `kafue_session=${admin.cookie}` },
      body: new Uint8Array(file),
    });
    expect(restored.status, await restored.text()).toBe(200);
    const [row] = await t.db.query<{ content: Buffer; alt: string }[]>(`SELECT content, alt FROM media WHERE id = $1`, [item._id]);
    expect(row.alt).toBe('Kept through a restore');
    expect(row.content.equals(before)).toBe(true);
    const [r] = await t.db.query<{ content: Buffer }[]>(
      `SELECT content FROM media_renditions WHERE media_id = $1 AND width = 640 AND format = 'avif'`,
      [item._id],
    );
    expect(r.content.equals(renditionBefore)).toBe(true);
  });
});
