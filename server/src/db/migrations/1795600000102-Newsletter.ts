import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The newsletter with double opt-in: subscribers (one row per address, whatever its letter case;
 * tokens kept as SHA-256 hashes only), the sends of an article with one row per recipient (the
 * primary key makes each recipient's mail queued once, whichever process sends), and a row per
 * purge slot of unconfirmed sign-ups (made once across processes).
 */
export class Newsletter1795600000102 implements MigrationInterface {
  name = 'Newsletter1795600000102';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE subscribers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        status varchar(12) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
        page varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        -- Since when it waits for confirmation (a sign-up again after unsubscribing starts anew).
        pending_since timestamptz,
        confirmed_at timestamptz,
        unsubscribed_at timestamptz,
        confirm_token_hash char(64),
        confirm_expires_at timestamptz,
        confirm_sent_at timestamptz,
        unsubscribe_token_hash char(64) NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX subscribers_email ON subscribers (lower(email))`);
    await q.query(`CREATE UNIQUE INDEX subscribers_confirm_token ON subscribers (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX subscribers_unsubscribe_token ON subscribers (unsubscribe_token_hash)`);
    // The console's list (newest first, by status) and the purge's scan.
    await q.query(`CREATE INDEX subscribers_created ON subscribers (created_at, id)`);
    await q.query(`CREATE INDEX subscribers_status ON subscribers (status, created_at, id)`);
    await q.query(`CREATE INDEX subscribers_pending ON subscribers (pending_since) WHERE status = 'pending'`);
    const [{ available }] = (await q.query(`SELECT count(*) > 0 AS available FROM pg_available_extensions WHERE name = 'pg_trgm'`)) as [
      { available: boolean },
    ];
    if (available) {
      await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
      await q.query(`CREATE INDEX subscribers_email_trgm ON subscribers USING gin (email gin_trgm_ops)`);
    }

    await q.query(`
      CREATE TABLE newsletter_sends (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        -- An article goes out once: a second send (another click, another process) finds this row.
        -- No foreign key: a restore empties content_items (TRUNCATE), and the record of a send outlives its article.
        item_id uuid NOT NULL UNIQUE,
        title varchar(300) NOT NULL,
        recipients integer NOT NULL,
        created_by_id uuid,
        created_by_name varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE newsletter_deliveries (
        send_id uuid NOT NULL REFERENCES newsletter_sends (id) ON DELETE CASCADE,
        subscriber_id uuid NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
        -- The mail_queue row that carries it (gone once delivered).
        mail_id uuid NOT NULL,
        -- The unsubscribe link's token of this mail.
        unsubscribe_token_hash char(64) NOT NULL UNIQUE,
        PRIMARY KEY (send_id, subscriber_id)
      )`);
    await q.query(`CREATE INDEX newsletter_deliveries_subscriber ON newsletter_deliveries (subscriber_id)`);

    await q.query(`
      CREATE TABLE subscriber_purges (
        slot varchar(20) PRIMARY KEY,
        purged integer NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE subscriber_purges, newsletter_deliveries, newsletter_sends, subscribers`);
  }
}
