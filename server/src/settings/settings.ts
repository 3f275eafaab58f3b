/**
 * Settings kept as JSON rows of the settings table, read over their defaults: one key and one
 * typed reader per row, so that every module reads a setting the same way.
 */
import { z } from 'zod';
import type { DataSource, EntityManager } from 'typeorm';
import {
  defaultAuditRetentionDays,
  defaultBackupSchedule,
  defaultGeneralSettings,
  defaultSecuritySettings,
  newInstallationBackupSchedule,
  type AuditSettings,
  type BackupSchedule,
  type GeneralSettings,
  type SecuritySettings,
} from '@kafue/common/contract';
import { brand } from '@kafue/common/brand';
import { defaultCompany, type CompanyProfile } from '@kafue/common/company';
import { defaultReplyTargets, type ReplyTargets } from '@kafue/common/reply-clock';
import { defaultHero, type HeroSettings } from '@kafue/common/hero';
import { defaultPaymentSettings, paymentSettingsBody } from '@kafue/common/payments';
import {
  auditSettings,
  backupScheduleBody,
  companyProfile,
  generalSettingsBody,
  replyTargets,
  heroSettings,
  securitySettings,
} from '@kafue/common/schemas';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { preparedQuery } from '../db/data-source.js';

type Db = DataSource | EntityManager;

/** Only the fields `schema` (a partial one) accepts, over `defaults`; a stored value it refuses reads as the defaults. */
async function readSetting<T extends object>(db: Db, key: string, schema: z.ZodType<Partial<T>>, defaults: T): Promise<T> {
  // In a transaction (an EntityManager), through it; otherwise a prepared statement on the pool.
  const text = `SELECT value FROM settings WHERE key = $1`;
  const rows: { value: unknown }[] =
    'manager' in db ? await preparedQuery<{ value: unknown }>(db, 'kafue_setting', text, [key]) : await db.query(text, [key]);
  const stored = schema.safeParse(rows[0]?.value ?? {});
  return { ...defaults, ...(stored.success ? stored.data : {}) };
}

/** The rows of the settings table, by what they hold (the session lookup in auth/sessions.ts reads `security` by name too). */
export const settingsKeys = {
  general: 'general',
  backupSchedule: 'backupSchedule',
  security: 'security',
  audit: 'audit',
  company: 'company',
  replyTargets: 'replyTargets',
  hero: 'hero',
  payments: 'payments',
} as const;
export type SettingsKey = (typeof settingsKeys)[keyof typeof settingsKeys];

const storedGeneral = generalSettingsBody.partial();
const storedBackupSchedule = backupScheduleBody.partial();
const storedSecurity = securitySettings.partial();
const storedAudit = auditSettings.partial();
const storedCompany = companyProfile.partial();
const storedHero = heroSettings.partial();
const storedPayments = paymentSettingsBody.extend({ rateSetAt: z.string().nullable() }).partial();

export const readGeneralSettings = (db: Db): Promise<GeneralSettings> =>
  readSetting(db, settingsKeys.general, storedGeneral, defaultGeneralSettings);

export const readBackupSchedule = (db: Db): Promise<BackupSchedule> =>
  readSetting(db, settingsKeys.backupSchedule, storedBackupSchedule, defaultBackupSchedule);

export const readSecuritySettings = (db: Db): Promise<SecuritySettings> =>
  readSetting(db, settingsKeys.security, storedSecurity, defaultSecuritySettings);

export const readAuditSettings = (db: Db): Promise<AuditSettings> =>
  readSetting(db, settingsKeys.audit, storedAudit, { retentionDays: defaultAuditRetentionDays });

/** The company's contact points the site shows, over the seed (defaultCompany) until a Super Admin saves them. */
export const readCompanyProfile = (db: Db): Promise<CompanyProfile> => readSetting(db, settingsKeys.company, storedCompany, defaultCompany);

/** The reply clock's targets (2 and 4 business hours until a Super Admin saves others); stored as a pair, read as one. */
export const readReplyTargets = (db: Db): Promise<ReplyTargets> =>
  readSetting<ReplyTargets>(db, settingsKeys.replyTargets, replyTargets, defaultReplyTargets);
/** The home page's hero video, over defaultHero until a Super Admin saves one. */
export const readHeroSettings = (db: Db): Promise<HeroSettings> => readSetting(db, settingsKeys.hero, storedHero, defaultHero);

/** The deposit percent and the exchange rate with the time it was set, over defaultPaymentSettings until a Super Admin saves them. */
export type StoredPaymentSettings = z.infer<typeof paymentSettingsBody> & { rateSetAt: string | null };
export const readPaymentSettings = (db: Db): Promise<StoredPaymentSettings> =>
  readSetting<StoredPaymentSettings>(db, settingsKeys.payments, storedPayments, { ...defaultPaymentSettings, rateSetAt: null });

/** Stores a setting's whole value (validated by its schema), in the caller's transaction with its audit row. */
async function saveSetting(m: EntityManager, key: SettingsKey, value: object): Promise<void> {
  await m.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

/** A settings page as the console saves it whole: its row, how to read it, and its audit row's label and action. */
export interface SettingsPage<T extends object> {
  key: SettingsKey;
  label: string;
  read: (db: Db) => Promise<T>;
  action?: 'settings.security_update' | 'backup_schedule.update' | 'audit_settings.update';
}

export const settingsPages = {
  general: { key: settingsKeys.general, label: 'General', read: readGeneralSettings },
  company: { key: settingsKeys.company, label: 'Company', read: readCompanyProfile },
  replyTargets: { key: settingsKeys.replyTargets, label: 'Reply targets', read: readReplyTargets },
  hero: { key: settingsKeys.hero, label: 'Home page video', read: readHeroSettings },
  payments: { key: settingsKeys.payments, label: 'Payments', read: readPaymentSettings },
  security: { key: settingsKeys.security, label: 'Security', read: readSecuritySettings, action: 'settings.security_update' },
  backupSchedule: {
    key: settingsKeys.backupSchedule,
    label: 'Backup schedule',
    read: readBackupSchedule,
    action: 'backup_schedule.update',
  },
  audit: { key: settingsKeys.audit, label: 'Audit log', read: readAuditSettings, action: 'audit_settings.update' },
} satisfies Record<string, SettingsPage<object>>;

/**
 * Saves a settings page with its audit row (what changed), in one transaction; `within` does in
 * that transaction what the change also needs (a check that refuses it, the pages' re-render).
 */
export async function updateSettings<T extends object>(
  db: DataSource,
  audit: AuditRecorder,
  page: SettingsPage<T>,
  value: T,
  within?: (m: EntityManager) => Promise<void>,
): Promise<void> {
  await db.transaction(async (m) => {
    const before = await page.read(m);
    await within?.(m);
    await saveSetting(m, page.key, value);
    await audit(m, {
      action: page.action ?? 'settings.update',
      target: { type: 'settings', id: page.key, label: page.label },
      changes: diff(before, value),
    });
  });
}

/**
 * A new installation's settings, stored with its first admin: Site Name and Admin Email from the
 * company's name and address, automatic backups on. Stored rows, not new defaults, so that an
 * installation that exists keeps what it has (its reads fall back on spec section 3's defaults).
 */
export async function seedNewInstallation(m: EntityManager): Promise<void> {
  for (const [key, value] of [
    [settingsKeys.general, { siteName: brand.company, adminEmail: defaultCompany.email }],
    [settingsKeys.backupSchedule, newInstallationBackupSchedule],
  ] as const) {
    await m.query(`INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [key, JSON.stringify(value)]);
  }
}
