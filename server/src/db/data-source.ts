/**
 * The TypeORM data source: PostgreSQL at DATABASE_URL, or the embedded one in DATA_DIR.
 */
import pg, { type Pool } from 'pg';
import { DataSource, MigrationExecutor, type Migration } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { Config } from '../config.js';
import { startEmbedded, type EmbeddedDatabase } from './embedded.js';
import { Initial1763700000000 } from './migrations/1763700000000-Initial.js';
import { SessionChanges1763800000000 } from './migrations/1763800000000-SessionChanges.js';
import { Backups1763900000000 } from './migrations/1763900000000-Backups.js';
import { Content1764000000000 } from './migrations/1764000000000-Content.js';
import { Enquiries1764100000000 } from './migrations/1764100000000-Enquiries.js';
import { Mail1764100000001 } from './migrations/1764100000001-Mail.js';
import { EnquiryTally1764100000002 } from './migrations/1764100000002-EnquiryTally.js';
import { Security1764200000000 } from './migrations/1764200000000-Security.js';
import { AuditLog1764300000000 } from './migrations/1764300000000-AuditLog.js';
import { PlanComparison1795538353192 } from './migrations/1795538353192-PlanComparison.js';
import { EnquiryRequests1795538436212 } from './migrations/1795538436212-EnquiryRequests.js';
import { AuditPersonSearch1795538706969 } from './migrations/1795538706969-AuditPersonSearch.js';
import { MailHeaders1795600000000 } from './migrations/1795600000000-MailHeaders.js';
import { LeadFollowThrough1795600000001 } from './migrations/1795600000001-LeadFollowThrough.js';
import { Articles1795600000101 } from './migrations/1795600000101-Articles.js';
import { Newsletter1795600000102 } from './migrations/1795600000102-Newsletter.js';
import { LegalSearch1795600000103 } from './migrations/1795600000103-LegalSearch.js';
import { ReplyClock1795600000105 } from './migrations/1795600000105-ReplyClock.js';
import { SavedReplies1795600000106 } from './migrations/1795600000106-SavedReplies.js';
import { QuoteNumbersAndQuestions1795600000107 } from './migrations/1795600000107-QuoteNumbersAndQuestions.js';
import { ContactsRemindersReports1795600000108 } from './migrations/1795600000108-ContactsRemindersReports.js';
import { SearchWords1795600000109 } from './migrations/1795600000109-SearchWords.js';
import { EnquiriesWithoutClock1795600000120 } from './migrations/1795600000120-EnquiriesWithoutClock.js';
import { ClientNotes1795600000121 } from './migrations/1795600000121-ClientNotes.js';
import { SearchIndexesForReading1795600000130 } from './migrations/1795600000130-SearchIndexesForReading.js';
import { ServiceAddresses1795600000140 } from './migrations/1795600000140-ServiceAddresses.js';
import { ContentSchedule1795600000150 } from './migrations/1795600000150-ContentSchedule.js';
import { ContentDraftsAndShareLinks1795600000160 } from './migrations/1795600000160-ContentDraftsAndShareLinks.js';
import { Media1795600000170 } from './migrations/1795600000170-Media.js';
import { Analytics1795600000180 } from './migrations/1795600000180-Analytics.js';
import { PrivacyAnalytics1795600000190 } from './migrations/1795600000190-PrivacyAnalytics.js';
import { AnalyticsMonths1795600000200 } from './migrations/1795600000200-AnalyticsMonths.js';
import { BackupChunks1795600000210 } from './migrations/1795600000210-BackupChunks.js';
import { VisitorKeyForADay1795600000220 } from './migrations/1795600000220-VisitorKeyForADay.js';
import { Payments1795600000230 } from './migrations/1795600000230-Payments.js';
import { Invoices1795600000240 } from './migrations/1795600000240-Invoices.js';
import { AwaitingReply1795600000250, awaitingReplyBackfill } from './migrations/1795600000250-AwaitingReply.js';
import { EnquiryMails1795600000260, enquiryMailsBackfill } from './migrations/1795600000260-EnquiryMails.js';
import { InboundMail1795600000270 } from './migrations/1795600000270-InboundMail.js';
import { ReplyBounces1795600000280 } from './migrations/1795600000280-ReplyBounces.js';
import { ReplyWaits1795600000290, replyWaitsBackfill } from './migrations/1795600000290-ReplyWaits.js';
import { MessageAttachments1795600000300 } from './migrations/1795600000300-MessageAttachments.js';
import { AttachmentOrder1795600000310 } from './migrations/1795600000310-AttachmentOrder.js';
import { WhatsApp1795600000320 } from './migrations/1795600000320-WhatsApp.js';

export const migrations = [
  Initial1763700000000,
  SessionChanges1763800000000,
  Backups1763900000000,
  Content1764000000000,
  Enquiries1764100000000,
  Mail1764100000001,
  EnquiryTally1764100000002,
  Security1764200000000,
  AuditLog1764300000000,
  PlanComparison1795538353192,
  EnquiryRequests1795538436212,
  AuditPersonSearch1795538706969,
  MailHeaders1795600000000,
  LeadFollowThrough1795600000001,
  Articles1795600000101,
  Newsletter1795600000102,
  LegalSearch1795600000103,
  ReplyClock1795600000105,
  SavedReplies1795600000106,
  QuoteNumbersAndQuestions1795600000107,
  ContactsRemindersReports1795600000108,
  SearchWords1795600000109,
  EnquiriesWithoutClock1795600000120,
  ClientNotes1795600000121,
  SearchIndexesForReading1795600000130,
  ServiceAddresses1795600000140,
  ContentSchedule1795600000150,
  ContentDraftsAndShareLinks1795600000160,
  Media1795600000170,
  Analytics1795600000180,
  PrivacyAnalytics1795600000190,
  AnalyticsMonths1795600000200,
  BackupChunks1795600000210,
  VisitorKeyForADay1795600000220,
  Payments1795600000230,
  Invoices1795600000240,
  AwaitingReply1795600000250,
  EnquiryMails1795600000260,
  InboundMail1795600000270,
  ReplyBounces1795600000280,
  ReplyWaits1795600000290,
  MessageAttachments1795600000300,
  AttachmentOrder1795600000310,
  WhatsApp1795600000320,
];
/** Where TypeORM records the migrations applied. */
export const migrationsTable = 'migrations';

/**
 * New columns a migration filled from the rows there were (its UPDATE), by migration name: a
 * restore of a backup made before that migration fills them so too (backup/backup.ts), since its
 * rows would take the column's default.
 */
export const migrationBackfills: [migration: string, sql: string][] = [
  [new AwaitingReply1795600000250().name, awaitingReplyBackfill],
  [new EnquiryMails1795600000260().name, enquiryMailsBackfill],
  [new ReplyWaits1795600000290().name, replyWaitsBackfill],
];

/** How long opening a connection may take: an unreachable database fails requests fast (503). */
export const connectTimeoutMs = 5000;
/**
 * How long a request may wait for a free pooled connection while all are busy. pg-pool bounds
 * this wait by the same option as a connection's opening, so a burst (30 sign-ins at once on a
 * loaded machine) waited 5 s and answered 503 'database unavailable' with the database up; the
 * connect timeout is set on each client instead (ConnectFast).
 */
export const poolWaitMs = 30_000;
export const poolSize = 10;

class ConnectFast extends pg.Client {
  constructor(config: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
  }
}

export function createDataSource(url: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsTableName: migrationsTable,
    synchronize: false,
    migrationsRun: false,
    logging: false,
    connectTimeoutMS: poolWaitMs,
    poolSize,
    extra: { idleTimeoutMillis: 30_000, Client: ConnectFast },
  });
}

export interface Database {
  dataSource: DataSource;
  embedded?: EmbeddedDatabase;
  /** Closes the pool, then stops the embedded PostgreSQL if there is one. */
  close(): Promise<void>;
}

/**
 * Connects, without migrating: to `url`, else DATABASE_URL, else the embedded PostgreSQL (started
 * here, unless the caller has already started it: `embeddedStarting`).
 */
export async function connectDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void,
  url?: string,
  embeddedStarting?: Promise<EmbeddedDatabase>,
): Promise<Database> {
  const embedded = url || config.databaseUrl ? undefined : await (embeddedStarting ?? startEmbedded(config.dataDir, log));
  const dataSource = createDataSource(url ?? config.databaseUrl ?? embedded!.url);
  const database: Database = {
    dataSource,
    embedded,
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
      await embedded?.stop();
    },
  };
  try {
    await dataSource.initialize();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Connects (as connectDatabase) and applies pending migrations, logging each. */
export async function openDatabase(...args: Parameters<typeof connectDatabase>): Promise<Database> {
  const [, log] = args;
  const database = await connectDatabase(...args);
  try {
    for (const m of await runMigrations(database.dataSource)) log(`Migration applied: ${m.name}`);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

const migrationLock = `hashtext('kafue:migrations')`;

/**
 * Applies the pending migrations, all in one transaction, holding a PostgreSQL advisory lock:
 * processes that start together on one database take turns, and the later ones find nothing
 * pending. The lock is a session lock on the connection the migrations run on, taken before
 * TypeORM creates and reads its migrations table (which it does outside the migration
 * transaction, so a transaction lock would come too late); a process that dies drops it with
 * its connection.
 */
export async function runMigrations(dataSource: DataSource): Promise<Migration[]> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query(`SELECT pg_advisory_lock(${migrationLock})`);
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'all';
    return await executor.executePendingMigrations();
  } finally {
    // Unlocked before the connection goes back to the pool (a broken one is discarded anyway).
    await runner.query(`SELECT pg_advisory_unlock(${migrationLock})`).catch(() => undefined);
    await runner.release();
  }
}

/** The migrations applied to the database and those pending, by name, oldest first; changes nothing. */
export async function migrationStatus(dataSource: DataSource): Promise<{ applied: string[]; pending: string[] }> {
  const executor = new MigrationExecutor(dataSource);
  const names = (list: Migration[]) => list.sort((a, b) => a.timestamp - b.timestamp).map((m) => m.name);
  return { applied: names(await executor.getExecutedMigrations()), pending: names(await executor.getPendingMigrations()) };
}

/** Whether the database answers a query now (the health checks': never throws). */
export const databaseAnswers = (db: DataSource): Promise<boolean> =>
  db.query('SELECT 1').then(
    () => true,
    () => false,
  );

/** The pg pool under TypeORM. */
export const poolOf = (db: DataSource) => (db.driver as PostgresDriver).master as Pool;

/**
 * Runs a named (prepared) statement on the pool under TypeORM: PostgreSQL parses and plans it
 * once per connection. For the queries made on almost every request (the session lookup, the
 * console's lists), planning is most of their cost, and TypeORM's query runner adds more.
 */
export async function preparedQuery<Row>(db: DataSource, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const result = await poolOf(db).query({ name, text, values });
  return result.rows as Row[];
}
