/**
 * Renditions are made off the request path, by whichever server process claims the file first:
 * the upload notifies every process (NOTIFY media_uploaded), each tries to claim the oldest file
 * waiting (FOR UPDATE SKIP LOCKED: one wins), and a claim is a lease, so that the file of a process
 * that died while working is taken up again when it runs out. Each rendition is committed as it is
 * made, which the console shows as progress. Once all are made, the pages that use the file are
 * published again with it.
 */
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { RenditionFormat } from '@kafue/common/media';
import { isContentCollection } from '@kafue/common/vocabulary';
import { ChannelListener } from '../db/listener.js';
import { notifyContentChanged } from '../content/published.js';
import { makeRenditions } from './images.js';
import { usesOf } from './library.js';

/** NOTIFY channel: a file is waiting for its renditions. */
export const mediaChannel = 'media_uploaded';

/** How long a claim holds: a 12-megapixel photograph takes a few seconds, a busy machine longer. */
const leaseSeconds = 300;
/** How often a process looks for waiting files without being told (a notification it missed, a lease run out). */
const pollMs = 30_000;

interface Claimed {
  id: string;
  content: Buffer;
  width: number;
}

/** Claims the oldest file waiting that no process holds; undefined when there is none. */
async function claim(db: DataSource): Promise<Claimed | undefined> {
  // An UPDATE answers [rows, count] through TypeORM.
  const [[row]] = await db.query<[Claimed[], number]>(
    `UPDATE media SET renditions_claimed_until = now() + make_interval(secs => $1)
      WHERE id = (SELECT id FROM media
                   WHERE renditions_pending AND (renditions_claimed_until IS NULL OR renditions_claimed_until < now())
                   ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, content, width`,
    [leaseSeconds],
  );
  return row;
}

/** Makes the renditions of one claimed file (those a previous claim made are kept) and marks it done. */
async function render(db: DataSource, file: Claimed): Promise<void> {
  const made = await db.query<{ width: number; format: RenditionFormat }[]>(
    `SELECT width, format FROM media_renditions WHERE media_id = $1`,
    [file.id],
  );
  await makeRenditions(
    file.content,
    file.width,
    async (r) => {
      await db.query(
        `INSERT INTO media_renditions (media_id, width, format, height, size, content) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING`,
        [file.id, r.width, r.format, r.height, r.content.length, r.content],
      );
    },
    (width, format) => made.some((m) => m.width === width && m.format === format),
  );
  await db.query(`UPDATE media SET renditions_pending = false, renditions_claimed_until = NULL WHERE id = $1`, [file.id]);
  // The pages that show the file (picked before its renditions were made) now show it. Its uses are
  // read once the file is marked done, not in the same transaction: a use saved meanwhile (a hero
  // poster chosen while its renditions were made) is then either seen here or published by its own
  // save, which sees the renditions. Read inside, neither transaction saw the other's change and the
  // page kept the file without its renditions (media-pages.test under load). A process stopped in
  // between leaves those pages as they were until their next publish (every process's start is one).
  await db.transaction(async (m) => {
    const uses = (await usesOf(m, [file.id])).get(file.id)!;
    const collections = new Set(uses.map((u) => (isContentCollection(u.type) ? u.type : '*')));
    for (const c of collections.has('*') ? (['*'] as const) : collections) await notifyContentChanged(m, c);
  });
}

/** Makes renditions of every file waiting that this process can claim; answers how many files. */
export async function renderPending(db: DataSource, logger: Logger): Promise<number> {
  let count = 0;
  for (let file = await claim(db); file; file = await claim(db)) {
    const started = Date.now();
    try {
      await render(db, file);
      count++;
      logger.info({ media: file.id, ms: Date.now() - started }, 'media: renditions made');
    } catch (error) {
      // The lease stays: another try when it runs out, not a loop on a file that fails.
      logger.error({ media: file.id, err: error instanceof Error ? error.message : String(error) }, 'media: renditions failed');
    }
  }
  return count;
}

/** This process's part in making renditions: woken by uploads on any process, and every pollMs. */
export class MediaRenditions {
  private running?: Promise<void>;
  private again = false;
  private readonly timer: NodeJS.Timeout;
  private readonly listener: ChannelListener;

  private constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
  ) {
    this.listener = new ChannelListener(db, mediaChannel, {
      notified: () => this.wake(),
      lost: (wasListening, error) => {
        if (wasListening) logger.warn({ err: error?.message }, 'media: listening connection lost; reconnecting');
      },
      listening: () => this.wake(),
    });
    this.timer = setInterval(() => this.wake(), pollMs).unref();
  }

  static async start(db: DataSource, logger: Logger): Promise<MediaRenditions> {
    const renditions = new MediaRenditions(db, logger);
    await renditions.listener.start();
    renditions.wake();
    return renditions;
  }

  /** Looks for waiting files now (once more after the pass under way, if one is). */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await renderPending(this.db, this.logger).catch((error: unknown) =>
          this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'media: renditions pass failed'),
        );
      } while (this.again);
    })().finally(() => (this.running = undefined));
  }

  /** Stops listening; the pass under way finishes. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.listener.close();
    await this.running;
  }
}
