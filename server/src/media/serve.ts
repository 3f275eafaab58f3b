/**
 * The library's files at their content-hashed addresses (`/media/{hash}-{width}.{format}`, a
 * video's `/media/{hash}.{ext}`), served from this process's memory once read from the database:
 * an address never changes content, so it is cached for a year (immutable) with a strong ETag, and
 * memory holds the most recently asked files up to a budget. Videos answer byte ranges (browsers
 * seek in them that way). An address that names no file is a plain 404 (a deleted file, a width never made).
 * A file deleted on any process is forgotten on every one (NOTIFY media_deleted); when the
 * listening connection comes back, everything kept is forgotten (a deletion may have been missed).
 */
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { extensionOf, mediaPathPrefix, renditionFormats, type MediaType } from '@kafue/common/media';
import { ChannelListener } from '../db/listener.js';
import { mediaDeletedChannel } from './library.js';

const immutable = 'public, max-age=31536000, immutable';
const address = /^\/media\/([0-9a-f]{32})(?:-(\d{1,4}))?\.([a-z0-9]{3,4})$/;
const renditionTypes: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

interface MemoryMedia {
  type: string;
  body: Buffer;
  etag: string;
}

/** Reads the file an address names from the database; undefined when none. */
async function load(db: DataSource, path: string): Promise<MemoryMedia | undefined> {
  const match = address.exec(path);
  if (!match) return undefined;
  const [, hash, width, ext] = match;
  const etag = `"${path.slice(mediaPathPrefix.length)}"`;
  if (width === undefined) {
    const [row] = await db.query<{ type: MediaType; content: Buffer }[]>(`SELECT type, content FROM media WHERE hash = $1 LIMIT 1`, [hash]);
    return row && extensionOf[row.type] === ext ? { type: row.type, body: row.content, etag } : undefined;
  }
  if (!(renditionFormats as readonly string[]).includes(ext)) return undefined;
  const [row] = await db.query<{ content: Buffer }[]>(
    `SELECT r.content FROM media_renditions r JOIN media m ON m.id = r.media_id
      WHERE m.hash = $1 AND r.width = $2 AND r.format = $3 LIMIT 1`,
    [hash, Number(width), ext],
  );
  return row && { type: renditionTypes[ext], body: row.content, etag };
}

/** One byte range of `size` bytes (`bytes=a-b`, `a-`, `-n`); null when it cannot be met; undefined to send everything. */
function byteRange(header: string, size: number): { start: number; end: number } | null | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

/** Files kept in memory at once, in bytes (the oldest asked for goes first). */
const memoryBudget = 256 * 1024 * 1024;

export class MediaFiles {
  /** Path -> file, in the order they were last asked for. */
  private readonly files = new Map<string, Promise<MemoryMedia | undefined>>();
  /** Bytes of each file kept (loaded), and their sum. */
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  private readonly listener: ChannelListener;

  private constructor(
    private readonly db: DataSource,
    logger: Logger,
  ) {
    this.listener = new ChannelListener(db, mediaDeletedChannel, {
      notified: (hash) => hash && this.forget(hash),
      lost: (wasListening, error) => {
        if (wasListening) logger.warn({ err: error?.message }, 'media files: listening connection lost; reconnecting');
      },
      listening: () => this.forget(''),
    });
  }

  static async open(db: DataSource, logger: Logger): Promise<MediaFiles> {
    const files = new MediaFiles(db, logger);
    await files.listener.start();
    return files;
  }

  close(): Promise<void> {
    return this.listener.close();
  }

  private find(path: string): Promise<MemoryMedia | undefined> {
    const kept = this.files.get(path);
    if (kept) {
      this.files.delete(path);
      this.files.set(path, kept);
      return kept;
    }
    const loading: Promise<MemoryMedia | undefined> = load(this.db, path).then(
      (file) => {
        // Forgotten while it loaded (deleted meanwhile): answered this once, not kept.
        if (this.files.get(path) !== loading) return file;
        // An address not (yet) found is not kept: a rendition being made answers once it is.
        if (!file) this.files.delete(path);
        else this.keep(path, file.body.length);
        return file;
      },
      (error: unknown) => {
        if (this.files.get(path) === loading) this.files.delete(path);
        throw error;
      },
    );
    this.files.set(path, loading);
    return loading;
  }

  /** Counts a loaded file, and forgets the least recently asked for while over the budget. */
  private keep(path: string, size: number): void {
    this.sizes.set(path, size);
    this.bytes += size;
    for (const oldest of this.files.keys()) {
      if (this.bytes <= memoryBudget) break;
      if (oldest !== path) this.drop(oldest);
    }
  }

  private drop(path: string): void {
    this.files.delete(path);
    this.bytes -= this.sizes.get(path) ?? 0;
    this.sizes.delete(path);
  }

  /** Forgets a deleted file's addresses on this process (every address for ''). */
  forget(hash: string): void {
    for (const path of this.files.keys()) if (path.startsWith(`${mediaPathPrefix}${hash}`)) this.drop(path);
  }

  /** The middleware: answers GET and HEAD of a media address, passes any other request on. */
  serve() {
    return async (ctx: Context, next: Next): Promise<void> => {
      if (!ctx.path.startsWith(mediaPathPrefix) || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || !address.test(ctx.path)) {
        await next();
        return;
      }
      const file = await this.find(ctx.path);
      if (!file) {
        ctx.status = 404;
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = 'Not found\n';
        return;
      }
      ctx.set('Cache-Control', immutable);
      ctx.set('ETag', file.etag);
      ctx.set('Accept-Ranges', 'bytes');
      ctx.type = file.type;
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      const range = ctx.get('Range') ? byteRange(ctx.get('Range'), file.body.length) : undefined;
      if (range === null) {
        ctx.status = 416;
        ctx.set('Content-Range', `bytes */${file.body.length}`);
        ctx.body = null;
        return;
      }
      const body = range ? file.body.subarray(range.start, range.end + 1) : file.body;
      if (range) {
        ctx.status = 206;
        ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${file.body.length}`);
      }
      ctx.body = ctx.method === 'HEAD' ? null : body;
      ctx.length = body.length;
    };
  }
}
