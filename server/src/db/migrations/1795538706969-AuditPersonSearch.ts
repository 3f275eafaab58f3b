import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log's person filter matches the start of a name or an email ("mary" finds Mary
 * Banda): text_pattern_ops indexes serve `lower(...) LIKE 'mary%'` in any collation; they replace
 * the equality-only ones, which they also serve.
 */
export class AuditPersonSearch1795538706969 implements MigrationInterface {
  name = 'AuditPersonSearch1795538706969';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_log_actor_email`);
    await q.query(`DROP INDEX audit_log_actor_name`);
    await q.query(`CREATE INDEX audit_log_actor_email ON audit_log (lower(actor_email) text_pattern_ops, at DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_name ON audit_log (lower(actor_name) text_pattern_ops, at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_log_actor_email`);
    await q.query(`DROP INDEX audit_log_actor_name`);
    await q.query(`CREATE INDEX audit_log_actor_email ON audit_log (lower(actor_email), at DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_name ON audit_log (lower(actor_name), at DESC)`);
  }
}
