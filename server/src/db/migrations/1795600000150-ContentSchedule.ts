import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled content changes: publish, unpublish or apply new fields to an item at a set time.
 * A row waits until a server process claims it at its time (FOR UPDATE SKIP LOCKED) and marks it
 * applied in the transaction of the change, so that it goes live once across processes; one that
 * could not be applied keeps its reason and waits to be cancelled.
 */
export class ContentSchedule1795600000150 implements MigrationInterface {
  name = 'ContentSchedule1795600000150';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE content_schedule (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        item_id uuid NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
        action varchar(10) NOT NULL CHECK (action IN ('publish', 'unpublish', 'apply')),
        fields jsonb NOT NULL DEFAULT '{}',
        due_at timestamptz NOT NULL,
        author_id uuid REFERENCES admins (id) ON DELETE SET NULL,
        author_name varchar(100) NOT NULL,
        author_email varchar(254),
        created_at timestamptz NOT NULL DEFAULT now(),
        applied_at timestamptz,
        failure text
      )`);
    // The scheduler's scan (the next one due) and the list of what is coming: waiting rows only.
    await q.query(`CREATE INDEX content_schedule_due ON content_schedule (due_at, id) WHERE applied_at IS NULL`);
    await q.query(`CREATE INDEX content_schedule_item ON content_schedule (item_id, due_at) WHERE applied_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE content_schedule`);
  }
}
