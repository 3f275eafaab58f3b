/** Each admin's own notification settings: read over the defaults, saved per admin with an audit row. */
import type { DataSource } from 'typeorm';
import type { NotificationSettings } from '@kafue/common/contract';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { withDefaults } from './notify.js';

export async function readNotificationSettings(db: DataSource, adminId: string): Promise<NotificationSettings> {
  const rows = await db.query<{ value: unknown }[]>(`SELECT value FROM admin_notification_settings WHERE admin_id = $1`, [adminId]);
  return withDefaults(rows[0]?.value);
}

export async function saveNotificationSettings(
  db: DataSource,
  admin: { id: string; email: string },
  settings: NotificationSettings,
  audit: AuditRecorder,
): Promise<void> {
  await db.transaction(async (m) => {
    const [before] = await m.query<{ value: unknown }[]>(`SELECT value FROM admin_notification_settings WHERE admin_id = $1 FOR UPDATE`, [
      admin.id,
    ]);
    await m.query(
      `INSERT INTO admin_notification_settings (admin_id, value) VALUES ($1, $2)
       ON CONFLICT (admin_id) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [admin.id, JSON.stringify(settings)],
    );
    await audit(m, {
      action: 'settings.notifications_update',
      target: { type: 'admin', id: admin.id, label: admin.email },
      changes: diff(withDefaults(before?.value), settings),
    });
  });
}
