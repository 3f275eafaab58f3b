import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many enquiries there are per status, service and assignee, kept by statement triggers on
 * `enquiries`: the inbox's total for any filter on those three (the first page included) is a sum
 * over a few dozen rows, instead of counting 200,000 (a parallel scan of half a second, as
 * server/bench/enquiries.ts shows). Service '' and the nil UUID stand for none.
 *
 * In a schema of its own, because it is derived: backups (which take the tables of the current
 * schema) leave it out, and a restore rebuilds it as its INSERTs fire the triggers.
 */
export class EnquiryTally1764100000002 implements MigrationInterface {
  name = 'EnquiryTally1764100000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS kafue_derived`);
    await q.query(`
      CREATE TABLE kafue_derived.enquiry_tally (
        status varchar(10) NOT NULL,
        service varchar(40) NOT NULL,
        assignee_id uuid NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (status, service, assignee_id)
      )`);
    // Rows are upserted in key order, so that transactions touching several wait, never deadlock.
    await q.query(`
      CREATE FUNCTION kafue_derived.enquiry_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO kafue_derived.enquiry_tally AS t (status, service, assignee_id, n)
          SELECT status, coalesce(service, ''), coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'), count(*)
            FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (status, service, assignee_id) DO UPDATE SET n = t.n + EXCLUDED.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO kafue_derived.enquiry_tally AS t (status, service, assignee_id, n)
          SELECT status, coalesce(service, ''), coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'), -count(*)
            FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (status, service, assignee_id) DO UPDATE SET n = t.n + EXCLUDED.n;
        ELSE
          -- Only what changed: marking one read touches no tally row.
          INSERT INTO kafue_derived.enquiry_tally AS t (status, service, assignee_id, n)
          SELECT status, service, assignee_id, sum(k) FROM (
              SELECT status, coalesce(service, '') AS service,
                     coalesce(assignee_id, '00000000-0000-0000-0000-000000000000') AS assignee_id, 1 AS k FROM new_rows
              UNION ALL
              SELECT status, coalesce(service, ''), coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'), -1 FROM old_rows
            ) d
           GROUP BY 1, 2, 3 HAVING sum(k) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (status, service, assignee_id) DO UPDATE SET n = t.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER enquiry_tally_insert AFTER INSERT ON enquiries REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION kafue_derived.enquiry_tally_apply()`);
    await q.query(`
      CREATE TRIGGER enquiry_tally_delete AFTER DELETE ON enquiries REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION kafue_derived.enquiry_tally_apply()`);
    await q.query(`
      CREATE TRIGGER enquiry_tally_update AFTER UPDATE ON enquiries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION kafue_derived.enquiry_tally_apply()`);
    // The enquiries there already are.
    await q.query(`
      INSERT INTO kafue_derived.enquiry_tally (status, service, assignee_id, n)
      SELECT status, coalesce(service, ''), coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'), count(*)
        FROM enquiries GROUP BY 1, 2, 3`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER enquiry_tally_update ON enquiries`);
    await q.query(`DROP TRIGGER enquiry_tally_delete ON enquiries`);
    await q.query(`DROP TRIGGER enquiry_tally_insert ON enquiries`);
    await q.query(`DROP SCHEMA kafue_derived CASCADE`);
  }
}
