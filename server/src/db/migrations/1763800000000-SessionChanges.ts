import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change that can end a session or change who it signs in (a session deleted or expired
 * early, an admin or staff user updated or deleted) notifies the channel the server processes'
 * session caches listen on, whichever process or tool made it (auth/sessions.ts).
 */
export class SessionChanges1763800000000 implements MigrationInterface {
  name = 'SessionChanges1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('sessions_changed', '');
        RETURN NULL;
      END $$`);
    // Statement triggers: one notification per statement (and PostgreSQL sends one per
    // transaction); the caches forget everything, so which rows changed does not matter. The
    // sessions' last-use updates, made all the time, notify nothing.
    await q.query(`
      CREATE TRIGGER sessions_changed
        AFTER DELETE OR TRUNCATE OR UPDATE OF token_hash, admin_id, staff_id, expires_at ON sessions
        FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed()`);
    await q.query(`
      CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON admins
        FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed()`);
    await q.query(`
      CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON staff_users
        FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION notify_sessions_changed() CASCADE`); // and its triggers
  }
}
