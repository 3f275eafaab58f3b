import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Admins, staff users, sessions, settings and sign-in failure counters. */
export class Initial1763700000000 implements MigrationInterface {
  name = 'Initial1763700000000';

  async up(q: QueryRunner): Promise<void> {
    // Emails are stored in lower case (checked below), so a plain unique index on email makes
    // them unique case-insensitively, and lookups by email use it.
    await q.query(`
      CREATE TABLE admins (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL CHECK (email = lower(email)),
        role varchar(20) NOT NULL CHECK (role IN ('Super Admin', 'Editor', 'Moderator')),
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX admins_email_key ON admins (email)`);
    await q.query(`
      CREATE TABLE staff_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL CHECK (email = lower(email)),
        role varchar(20) NOT NULL
          CHECK (role IN ('Staff', 'Team Lead', 'Manager', 'Coordinator', 'Executive', 'Intern', 'Partner')),
        status varchar(20) NOT NULL CHECK (status IN ('Active', 'Inactive', 'Suspended')),
        password_hash text NOT NULL,
        must_change_password boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX staff_users_email_key ON staff_users (email)`);
    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash char(64) NOT NULL UNIQUE,
        admin_id uuid REFERENCES admins (id) ON DELETE CASCADE,
        staff_id uuid REFERENCES staff_users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        CHECK ((admin_id IS NULL) <> (staff_id IS NULL))
      )`);
    await q.query(`CREATE INDEX sessions_admin_id_idx ON sessions (admin_id)`);
    await q.query(`CREATE INDEX sessions_staff_id_idx ON sessions (staff_id)`);
    await q.query(`CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)`);
    await q.query(`
      CREATE TABLE settings (
        key varchar(100) PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE login_failures (
        key varchar(400) PRIMARY KEY,
        failures integer NOT NULL,
        window_start timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_failures, settings, sessions, staff_users, admins`);
  }
}
