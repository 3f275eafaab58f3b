/**
 * The first-run checklist: what a new installation needs before it serves a business, each item
 * read from the real state (settings, backups, the admin's two-factor sign-in) rather than from
 * ticks anybody set; only the dismissals and the last test mail's outcome are kept for it, in
 * the settings table (per installation).
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Checklist, ChecklistItem, TestMailAnswer } from '@kafue/common/contract';
import { checklistItems } from '@kafue/common/contract';
import { defaultCompany } from '@kafue/common/company';
import { readBackupSchedule, readGeneralSettings, settingsKeys } from '../settings/settings.js';

/** Settings rows of the checklist's own: the dismissed items, and how the last test mail went. */
const dismissedKey = 'checklist.dismissed';
const testMailKey = 'checklist.testMail';
/** The company profile's row (Settings › Company). */
const companyKey = 'company';

/** Whether a stored company profile differs from the placeholders it is seeded with. */
function companyChanged(stored: unknown): boolean {
  if (!stored || typeof stored !== 'object') return false;
  const profile = stored as Record<string, unknown>;
  return Object.entries(defaultCompany).some(([field, placeholder]) => field in profile && profile[field] !== placeholder);
}

/** The checklist for the admin asking (`twoFactorEnabled`: theirs). */
export async function checklistState(db: DataSource | EntityManager, twoFactorEnabled: boolean, smtp: boolean): Promise<Checklist> {
  const general = await readGeneralSettings(db);
  const schedule = await readBackupSchedule(db);
  const rows = await db.query<{ key: string; value: unknown }[]>(`SELECT key, value FROM settings WHERE key = ANY($1)`, [
    [settingsKeys.general, companyKey, dismissedKey, testMailKey],
  ]);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const [{ backups }] = await db.query<[{ backups: boolean }]>(`SELECT EXISTS (SELECT 1 FROM backups) AS backups`);
  const dismissed = stored.get(dismissedKey);
  const storedGeneral = stored.get(settingsKeys.general);

  const done: Record<ChecklistItem, boolean> = {
    company: companyChanged(stored.get(companyKey)),
    // The seeded Admin Email is the company's placeholder address: it reaches nobody yet.
    siteIdentity: general.siteName !== '' && general.adminEmail !== '' && general.adminEmail !== defaultCompany.email,
    // Every installation has a timezone (UTC+0 by default): it counts once an admin saved one.
    timezone: typeof storedGeneral === 'object' && storedGeneral !== null && 'timezone' in storedGeneral,
    // A test mail went the way this installation delivers mail (the outbox while SMTP_URL is unset).
    testMail: stored.get(testMailKey) === (smtp ? 'sent' : 'outbox'),
    // On, and shown to work: a backup exists.
    backups: schedule.frequency !== 'off' && backups,
    twoFactor: twoFactorEnabled,
  };
  return {
    items: checklistItems.map((item) => ({ item, done: done[item], dismissed: Array.isArray(dismissed) && dismissed.includes(item) })),
    smtp,
  };
}

/** Adds an item to the dismissed ones (dismissing twice changes nothing). */
export async function dismissItem(m: EntityManager, item: ChecklistItem): Promise<void> {
  await m.query(
    `INSERT INTO settings (key, value) VALUES ($1, jsonb_build_array($2::text))
     ON CONFLICT (key) DO UPDATE SET updated_at = now(),
       value = CASE WHEN settings.value ? $2 THEN settings.value ELSE settings.value || jsonb_build_array($2::text) END`,
    [dismissedKey, item],
  );
}

/** Keeps how the last test mail went (the checklist's test mail item reads it). */
export async function recordTestMail(m: EntityManager, outcome: TestMailAnswer['outcome']): Promise<void> {
  await m.query(
    `INSERT INTO settings (key, value) VALUES ($1, to_jsonb($2::text))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    [testMailKey, outcome],
  );
}
