import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an enquiry asks for: its `kind` (a plain message, or the kind of its request), the
 * `request` as the published catalogue showed it when it was sent (a snapshot, jsonb), and the
 * `page` of the site it was sent from. `request_summary` is the snapshot in words as it was
 * written then (describeSnapshot), for the CSV export that PostgreSQL makes itself.
 *
 * The inbox filters by kind: an index on (kind, created_at, id) serves its pages in the default
 * order, as the other filter columns' indexes do, and the tally (EnquiryTally) counts per kind too,
 * so that the total of a list filtered by kind stays a sum over a few dozen rows.
 */
export class EnquiryRequests1795538436212 implements MigrationInterface {
  name = 'EnquiryRequests1795538436212';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enquiries
        ADD COLUMN kind text NOT NULL DEFAULT 'message' CHECK (kind IN ('message', 'service', 'quote', 'consultation')),
        ADD COLUMN request jsonb,
        ADD COLUMN request_summary text,
        ADD COLUMN page text`);
    await q.query(`CREATE INDEX enquiries_kind ON enquiries (kind, created_at, id)`);

    // Every enquiry there already is a message: the tally's rows are all of kind 'message'.
    await q.query(`ALTER TABLE kafue_derived.enquiry_tally ADD COLUMN kind text NOT NULL DEFAULT 'message'`);
    await q.query(`ALTER TABLE kafue_derived.enquiry_tally DROP CONSTRAINT enquiry_tally_pkey`);
    await q.query(`ALTER TABLE kafue_derived.enquiry_tally ADD PRIMARY KEY (status, service, assignee_id, kind)`);
    await q.query(tallyFunction(true));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(tallyFunction(false));
    await q.query(`DELETE FROM kafue_derived.enquiry_tally`);
    await q.query(`ALTER TABLE kafue_derived.enquiry_tally DROP CONSTRAINT enquiry_tally_pkey`);
    await q.query(`ALTER TABLE kafue_derived.enquiry_tally DROP COLUMN kind`);
    await q.query(`ALTER TABLE kafue_derived.enquiry_tally ADD PRIMARY KEY (status, service, assignee_id)`);
    await q.query(`
      INSERT INTO kafue_derived.enquiry_tally (status, service, assignee_id, n)
      SELECT status, coalesce(service, ''), coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'), count(*)
        FROM enquiries GROUP BY 1, 2, 3`);
    await q.query(`DROP INDEX enquiries_kind`);
    await q.query(`ALTER TABLE enquiries DROP COLUMN kind, DROP COLUMN request, DROP COLUMN request_summary, DROP COLUMN page`);
  }
}

/**
 * The tally's trigger function (as EnquiryTally made it), keyed by kind as well when `withKind`.
 * Rows are upserted in key order, so that transactions touching several wait, never deadlock.
 */
function tallyFunction(withKind: boolean): string {
  const key = `status, service, assignee_id${withKind ? ', kind' : ''}`;
  const columns = (rows: string, k: string) =>
    `SELECT status, coalesce(service, '') AS service,
            coalesce(assignee_id, '00000000-0000-0000-0000-000000000000') AS assignee_id${withKind ? ', kind' : ''}, ${k} AS k FROM ${rows}`;
  const groups = withKind ? '1, 2, 3, 4' : '1, 2, 3';
  const upsert = (select: string, sum: string, having = '') => `
          INSERT INTO kafue_derived.enquiry_tally AS t (${key}, n)
          SELECT ${key}, ${sum} FROM (${select}) d GROUP BY ${groups} ${having} ORDER BY ${groups}
          ON CONFLICT (${key}) DO UPDATE SET n = t.n + EXCLUDED.n;`;
  return `
      CREATE OR REPLACE FUNCTION kafue_derived.enquiry_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN${upsert(columns('new_rows', '1'), 'count(*)')}
        ELSIF TG_OP = 'DELETE' THEN${upsert(columns('old_rows', '1'), '-count(*)')}
        ELSE
          -- Only what changed: marking one read touches no tally row.${upsert(
            `${columns('new_rows', '1')} UNION ALL ${columns('old_rows', '-1')}`,
            'sum(k)',
            'HAVING sum(k) <> 0',
          )}
        END IF;
        RETURN NULL;
      END $$`;
}
