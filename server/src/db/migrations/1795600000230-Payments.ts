import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments on accepted quotes by mobile money (issue "Getting paid"): the team's payment
 * requests, and each payment, stored under its pawaPay depositId before pawaPay is called, so
 * that a lost answer is found again by that id and never sent under a second one. Amounts are
 * integers of the currency's minor unit (ngwee, cents). A quote (and so its enquiry) with
 * payments cannot be deleted: money received is never lost with a record.
 */
export class Payments1795600000230 implements MigrationInterface {
  name = 'Payments1795600000230';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        quote_id uuid NOT NULL REFERENCES quotes (id) ON DELETE RESTRICT,
        -- In the quote's currency.
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        status varchar(9) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid')),
        created_by_kind varchar(5) NOT NULL CHECK (created_by_kind IN ('admin', 'staff')),
        created_by_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz
      )`);
    await q.query(`CREATE INDEX payment_requests_quote ON payment_requests (quote_id, created_at)`);
    await q.query(`
      CREATE TABLE payments (
        -- pawaPay's depositId: made here, stored before the deposit is sent.
        id uuid PRIMARY KEY,
        quote_id uuid NOT NULL REFERENCES quotes (id) ON DELETE RESTRICT,
        purpose varchar(7) NOT NULL CHECK (purpose IN ('deposit', 'request')),
        request_id uuid REFERENCES payment_requests (id) ON DELETE RESTRICT,
        -- What the payer is asked for, in kwacha.
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency varchar(3) NOT NULL DEFAULT 'ZMW' CHECK (currency = 'ZMW'),
        -- What it counts for on the quote, in the quote's currency, and the rate (USD quotes).
        quote_amount_minor bigint NOT NULL CHECK (quote_amount_minor > 0),
        quote_currency varchar(3) NOT NULL CHECK (quote_currency IN ('USD', 'ZMW')),
        rate numeric(14, 4),
        network varchar(6) NOT NULL CHECK (network IN ('MTN', 'AIRTEL', 'ZAMTEL')),
        -- 260 and nine digits.
        phone varchar(12) NOT NULL,
        status varchar(9) NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'completed', 'failed')),
        -- Whether pawaPay answered the initiation (ACCEPTED or DUPLICATE_IGNORED); until then a
        -- status check that finds nothing sends it again under the same id.
        initiated boolean NOT NULL DEFAULT false,
        failure_code varchar(60),
        failure_message text,
        provider_transaction_id varchar(100),
        -- RCT-2026-0001: per year without gaps, given when the payment completes.
        receipt_number varchar(20) UNIQUE,
        receipt_year integer,
        receipt_seq integer,
        payer_address varchar(64) NOT NULL,
        -- The next status check (a claim moves it on, so that two processes never check at once).
        next_check_at timestamptz,
        checks integer NOT NULL DEFAULT 0,
        last_callback_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        UNIQUE (receipt_year, receipt_seq)
      )`);
    // One payment waits at a time per quote: a second Pay meets this index and answers 409.
    await q.query(`CREATE UNIQUE INDEX payments_one_waiting ON payments (quote_id) WHERE status = 'waiting'`);
    await q.query(`CREATE INDEX payments_quote ON payments (quote_id, created_at)`);
    await q.query(`CREATE INDEX payments_due ON payments (next_check_at) WHERE status = 'waiting'`);
    await q.query(`CREATE INDEX payments_settled ON payments (settled_at) WHERE status = 'completed'`);
    // Settings › Payments shows the last callback: max() from the index's end, not a scan.
    await q.query(`CREATE INDEX payments_last_callback ON payments (last_callback_at) WHERE last_callback_at IS NOT NULL`);
    await q.query(`CREATE TABLE receipt_counters (year integer PRIMARY KEY, last integer NOT NULL)`);
    // A receipt goes to the payer as a PDF: files a mail carries, [{ filename, contentType, content (base64) }].
    await q.query(`ALTER TABLE mail_queue ADD COLUMN attachments jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_queue DROP COLUMN attachments`);
    await q.query(`DROP TABLE receipt_counters`);
    await q.query(`DROP TABLE payments`);
    await q.query(`DROP TABLE payment_requests`);
  }
}
