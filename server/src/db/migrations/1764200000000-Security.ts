import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (a TOTP secret per admin, pending while enrolling, and
 * single-use recovery codes kept as hashes), where and how each session was opened, the date of
 * every password, and single-use password reset tokens (hashes only, with expiry).
 */
export class Security1764200000000 implements MigrationInterface {
  name = 'Security1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE admins
        ADD COLUMN totp_secret text,
        ADD COLUMN totp_pending_secret text,
        ADD COLUMN totp_last_step bigint,
        ADD COLUMN password_changed_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`ALTER TABLE staff_users ADD COLUMN password_changed_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`
      CREATE TABLE admin_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        UNIQUE (admin_id, code_hash)
      )`);
    await q.query(`
      ALTER TABLE sessions
        ADD COLUMN address varchar(64),
        ADD COLUMN user_agent varchar(400),
        ADD COLUMN via varchar(6) CHECK (via IN ('cookie', 'bearer'))`);
    await q.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash char(64) NOT NULL UNIQUE,
        admin_id uuid REFERENCES admins (id) ON DELETE CASCADE,
        staff_id uuid REFERENCES staff_users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        CHECK ((admin_id IS NULL) <> (staff_id IS NULL))
      )`);
    await q.query(`CREATE INDEX password_resets_admin_id_idx ON password_resets (admin_id)`);
    await q.query(`CREATE INDEX password_resets_staff_id_idx ON password_resets (staff_id)`);
    await q.query(`CREATE INDEX password_resets_expires_at_idx ON password_resets (expires_at)`);
    // The session lookup reads the security settings (two-factor required, password age): the
    // processes' session caches must forget when they change, as when an account changes.
    await q.query(`
      CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
        FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER sessions_changed ON settings`);
    await q.query(`DROP TABLE password_resets, admin_recovery_codes`);
    await q.query(`ALTER TABLE sessions DROP COLUMN address, DROP COLUMN user_agent, DROP COLUMN via`);
    await q.query(`ALTER TABLE staff_users DROP COLUMN password_changed_at`);
    await q.query(`
      ALTER TABLE admins DROP COLUMN totp_secret, DROP COLUMN totp_pending_secret, DROP COLUMN totp_last_step,
        DROP COLUMN password_changed_at`);
  }
}
