import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log, append-only in the database itself: a trigger refuses every
 * UPDATE and TRUNCATE, and the DELETE of a row younger than the retention (settings key 'audit',
 * `retentionDays`, 365 by default and never under 30), whoever asks: the application, the command
 * line or psql. INSERT stays open (the server writes, a restore loads a backup's rows).
 * Indexes serve the console's filters, each newest first, at hundreds of thousands of rows.
 */
export class AuditLog1764300000000 implements MigrationInterface {
  name = 'AuditLog1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        at timestamptz NOT NULL DEFAULT now(),
        actor_kind varchar(10),
        actor_id text,
        actor_name varchar(200),
        actor_email varchar(254),
        action varchar(100) NOT NULL,
        target_type varchar(50) NOT NULL,
        target_id text,
        target_label varchar(300),
        changes jsonb NOT NULL DEFAULT '{}',
        address varchar(64),
        user_agent varchar(500)
      )`);
    await q.query(`CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_id ON audit_log (actor_id, at DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_email ON audit_log (lower(actor_email), at DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_name ON audit_log (lower(actor_name), at DESC)`);
    // text_pattern_ops: the same index serves `action = x` and `action LIKE 'staff.%'`.
    await q.query(`CREATE INDEX audit_log_action ON audit_log (action text_pattern_ops, at DESC)`);
    await q.query(`CREATE INDEX audit_log_target_type ON audit_log (target_type, at DESC)`);
    await q.query(`CREATE INDEX audit_log_target_id ON audit_log (target_id, at DESC)`);
    await q.query(`CREATE INDEX audit_log_target_label ON audit_log (lower(target_label), at DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_retention_days() RETURNS int LANGUAGE sql STABLE AS $$
        SELECT greatest(30, coalesce(
          (SELECT CASE WHEN jsonb_typeof(value->'retentionDays') = 'number' THEN (value->>'retentionDays')::numeric::int END
             FROM settings WHERE key = 'audit'),
          365))
      $$`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' OR TG_OP = 'TRUNCATE' THEN
          RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF OLD.at > now() - make_interval(days => audit_log_retention_days()) THEN
          RAISE EXCEPTION 'audit_log rows younger than the retention (% days) cannot be deleted', audit_log_retention_days()
            USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN OLD;
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_append_only()`);
    await q.query(`DROP FUNCTION audit_log_retention_days()`);
  }
}
