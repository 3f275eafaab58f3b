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
import type { AuditRecorder } from '../audit/audit.js';
import { testMail } from '../mail/notify.js';
import { awaitDelivery, type Delivery } from '../mail/queue.js';
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

/**
 * Adds an item to the dismissed ones (dismissing twice changes nothing), with its audit row;
 * answers the checklist as `checklistState` reads it then.
 */
export async function dismissItem(
  db: DataSource,
  item: ChecklistItem,
  twoFactorEnabled: boolean,
  smtp: boolean,
  audit: AuditRecorder,
): Promise<Checklist> {
  return db.transaction(async (m) => {
    await m.query(
      `INSERT INTO settings (key, value) VALUES ($1, jsonb_build_array($2::text))
       ON CONFLICT (key) DO UPDATE SET updated_at = now(),
         value = CASE WHEN settings.value ? $2 THEN settings.value ELSE settings.value || jsonb_build_array($2::text) END`,
      [dismissedKey, item],
    );
    await audit(m, { action: 'checklist.dismiss', target: { type: 'settings', id: 'checklist', label: item } });
    return checklistState(m, twoFactorEnabled, smtp);
  });
}

/** What the owner reads after a test mail to `to`. */
function testMailOutcome(delivery: Delivery, smtp: boolean, to: string): TestMailAnswer {
  switch (delivery.state) {
    case 'delivered':
      return smtp
        ? { outcome: 'sent', message: `The mail server took the test mail for ${to}. Look for it in that inbox.` }
        : {
            outcome: 'outbox',
            message:
              'Mail is kept in the outbox because SMTP_URL is not set: the test mail was written to the server’s outbox folder and left nobody’s machine.',
          };
    case 'failed':
      return { outcome: 'failed', message: `The mail server did not take the test mail (${delivery.error}). It will be tried again.` };
    case 'waiting':
      return { outcome: 'waiting', message: 'The test mail is still waiting in the mail queue: the mail server has not answered yet.' };
  }
}

/**
 * Queues a test mail to `admin` with its audit row, waits a while for its delivery and keeps how
 * it went (the checklist's test mail item reads it); answers what the owner reads.
 */
export async function sendTestMail(
  db: DataSource,
  admin: { id: string; email: string },
  smtp: boolean,
  audit: AuditRecorder,
): Promise<TestMailAnswer> {
  const id = await db.transaction(async (m) => {
    const queued = await testMail(m, admin.email);
    await audit(m, { action: 'mail.test', target: { type: 'admin', id: admin.id, label: admin.email } });
    return queued;
  });
  const answer = testMailOutcome(await awaitDelivery(db, id), smtp, admin.email);
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, to_jsonb($2::text))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    [testMailKey, answer.outcome],
  );
  return answer;
}
