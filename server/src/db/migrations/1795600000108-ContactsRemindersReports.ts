import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contacts (the enquiries of one email address, any case), reminders set on an enquiry, and the
 * indexes the lead report reads a year through.
 */
export class ContactsRemindersReports1795600000108 implements MigrationInterface {
  name = 'ContactsRemindersReports1795600000108';

  async up(q: QueryRunner): Promise<void> {
    // One contact per address, whatever its case: the contact list groups by it, a new enquiry looks up its earlier ones.
    await q.query(`CREATE INDEX enquiries_contact ON enquiries (lower(email), created_at)`);

    // The contact list, kept by triggers (as enquiry_tally): grouping 200,000 enquiries by address
    // for each page took seconds. Derived, so backups leave it out and a restore's INSERTs rebuild it.
    await q.query(`CREATE SCHEMA IF NOT EXISTS kafue_derived`);
    await q.query(`
      CREATE TABLE kafue_derived.contacts (
        key varchar(254) PRIMARY KEY,
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(30),
        enquiries integer NOT NULL,
        last_contact_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX contacts_last ON kafue_derived.contacts (last_contact_at, key)`);
    await q.query(`CREATE INDEX contacts_name ON kafue_derived.contacts (lower(name), key)`);
    await q.query(`CREATE INDEX contacts_enquiries ON kafue_derived.contacts (enquiries, key)`);
    await q.query(
      `CREATE INDEX contacts_words ON kafue_derived.contacts USING gin ((name || ' ' || key || ' ' || coalesce(phone, '')) gin_trgm_ops)`,
    );
    // A contact's row made again from its enquiries (not Spam): the newest name, address and phone,
    // how many, and the last time either side spoke (received, replied, contact logged).
    await q.query(`
      CREATE FUNCTION kafue_derived.contacts_refresh(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        -- One writer at a time, each reading what the one before committed (a statement after the
        -- lock sees it): two enquiries from one address at once cannot leave a stale row.
        PERFORM pg_advisory_xact_lock(hashtext('kafue:contacts'));
        DELETE FROM kafue_derived.contacts WHERE key = ANY(keys);
        INSERT INTO kafue_derived.contacts (key, name, email, phone, enquiries, last_contact_at)
        SELECT lower(e.email),
               (array_agg(e.full_name ORDER BY e.created_at DESC))[1],
               (array_agg(e.email ORDER BY e.created_at DESC))[1],
               (array_agg(e.phone ORDER BY e.created_at DESC) FILTER (WHERE e.phone IS NOT NULL))[1],
               count(*),
               max(greatest(e.created_at,
                            (SELECT max(created_at) FROM enquiry_replies WHERE enquiry_id = e.id),
                            (SELECT max(created_at) FROM enquiry_contacts WHERE enquiry_id = e.id)))
          FROM enquiries e WHERE lower(e.email) = ANY(keys) AND e.status <> 'Spam' GROUP BY 1;
      END $$`);
    await q.query(`
      CREATE FUNCTION kafue_derived.contacts_enquiries() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE keys text[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(DISTINCT lower(email)) INTO keys FROM new_rows;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(DISTINCT lower(email)) INTO keys FROM old_rows;
        ELSE
          -- Only a change a contact shows: reading, assigning or moving a stage touches none.
          SELECT array_agg(DISTINCT k) INTO keys FROM (
            SELECT lower(o.email) AS k FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (o.email, o.full_name, o.phone, o.status = 'Spam') IS DISTINCT FROM (n.email, n.full_name, n.phone, n.status = 'Spam')
            UNION SELECT lower(n.email) FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (o.email, o.full_name, o.phone, o.status = 'Spam') IS DISTINCT FROM (n.email, n.full_name, n.phone, n.status = 'Spam')) d;
        END IF;
        IF keys IS NOT NULL THEN PERFORM kafue_derived.contacts_refresh(keys); END IF;
        RETURN NULL;
      END $$`);
    for (const op of ['INSERT', 'DELETE'] as const) {
      await q.query(`
        CREATE TRIGGER contacts_${op.toLowerCase()} AFTER ${op} ON enquiries REFERENCING ${op === 'INSERT' ? 'NEW' : 'OLD'} TABLE AS ${op === 'INSERT' ? 'new_rows' : 'old_rows'}
          FOR EACH STATEMENT EXECUTE FUNCTION kafue_derived.contacts_enquiries()`);
    }
    await q.query(`
      CREATE TRIGGER contacts_update AFTER UPDATE ON enquiries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION kafue_derived.contacts_enquiries()`);
    // A reply sent or a contact logged moves the last contact on (later only, so no lock is needed).
    await q.query(`
      CREATE FUNCTION kafue_derived.contacts_spoke() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE kafue_derived.contacts c SET last_contact_at = greatest(c.last_contact_at, n.at)
          FROM (SELECT lower(e.email) AS key, max(r.created_at) AS at FROM new_rows r JOIN enquiries e ON e.id = r.enquiry_id GROUP BY 1) n
         WHERE c.key = n.key;
        RETURN NULL;
      END $$`);
    for (const table of ['enquiry_replies', 'enquiry_contacts']) {
      await q.query(`
        CREATE TRIGGER contacts_spoke AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
          FOR EACH STATEMENT EXECUTE FUNCTION kafue_derived.contacts_spoke()`);
    }
    // The enquiries there already are.
    await q.query(`SELECT kafue_derived.contacts_refresh(array_agg(DISTINCT lower(email))) FROM enquiries HAVING count(*) > 0`);

    await q.query(`
      CREATE TABLE enquiry_reminders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        due_at timestamptz NOT NULL,
        note varchar(500) NOT NULL DEFAULT '',
        -- The person who set it, who is mailed when it is due (the address as it was then).
        author_kind varchar(5) NOT NULL CHECK (author_kind IN ('admin', 'staff')),
        author_id uuid NOT NULL,
        author_name varchar(100) NOT NULL,
        author_email varchar(254) NOT NULL,
        -- Set in the transaction that queues its mail: a reminder is mailed once, whichever process claims it.
        mailed_at timestamptz,
        done_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX enquiry_reminders_enquiry ON enquiry_reminders (enquiry_id, due_at)`);
    // The scheduler's scan: open reminders not yet mailed, by due time.
    await q.query(`CREATE INDEX enquiry_reminders_unmailed ON enquiry_reminders (due_at) WHERE mailed_at IS NULL AND done_at IS NULL`);
    // The dashboard's: one person's open reminders.
    await q.query(`CREATE INDEX enquiry_reminders_author ON enquiry_reminders (author_id, due_at) WHERE done_at IS NULL`);

    // What an enquiry is about for the report's "by service or plan": the service chosen, else the
    // service or plan its request named. A column set on every write (a backup's rows, older or
    // not, get it as they are inserted), so that the report reads it from the index below.
    await q.query(`ALTER TABLE enquiries ADD COLUMN topic varchar(200)`);
    await q.query(`
      CREATE FUNCTION enquiries_topic() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.topic := left(coalesce(NEW.service, NEW.request->>'title', NEW.request->'plan'->>'name'), 200);
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER enquiries_topic BEFORE INSERT OR UPDATE ON enquiries FOR EACH ROW EXECUTE FUNCTION enquiries_topic()`);
    await q.query(`UPDATE enquiries SET topic = topic`);
    // The lead report: enquiries of a period with what it counts, read from the index alone.
    await q.query(`
      CREATE INDEX enquiries_report ON enquiries (created_at)
        INCLUDE (kind, topic, stage, first_response_at, response_due_at) WHERE status <> 'Spam'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX enquiries_report`);
    await q.query(`DROP TRIGGER enquiries_topic ON enquiries`);
    await q.query(`DROP FUNCTION enquiries_topic`);
    await q.query(`ALTER TABLE enquiries DROP COLUMN topic`);
    await q.query(`DROP TABLE enquiry_reminders`);
    for (const table of ['enquiry_replies', 'enquiry_contacts']) await q.query(`DROP TRIGGER contacts_spoke ON ${table}`);
    for (const op of ['insert', 'delete', 'update']) await q.query(`DROP TRIGGER contacts_${op} ON enquiries`);
    await q.query(`DROP FUNCTION kafue_derived.contacts_spoke, kafue_derived.contacts_enquiries, kafue_derived.contacts_refresh`);
    await q.query(`DROP TABLE kafue_derived.contacts`);
    await q.query(`DROP INDEX enquiries_contact`);
  }
}
