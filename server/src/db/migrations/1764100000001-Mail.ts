import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outgoing mail, queued in the transaction of the event that causes it (server/src/mail/queue.ts)
 * and delivered by the sender of any server process (server/src/mail/sender.ts), which deletes a
 * row once the SMTP server took it; each admin's notification settings; and the digests already
 * made (one row per daily or weekly slot, so that several processes make each once).
 */
export class Mail1764100000001 implements MigrationInterface {
  name = 'Mail1764100000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_queue (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address varchar(254) NOT NULL,
        subject varchar(400) NOT NULL,
        body text NOT NULL,
        reply_to varchar(254),
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text
      )`);
    await q.query(`CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at, created_at)`);
    await q.query(`
      CREATE TABLE admin_notification_settings (
        admin_id uuid PRIMARY KEY REFERENCES admins (id) ON DELETE CASCADE,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE digest_runs (
        slot varchar(40) PRIMARY KEY,
        made_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE digest_runs, admin_notification_settings, mail_queue`);
  }
}
