/** Each admin's own notification settings: read over the defaults, saved per admin. */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { diff } from '../audit/audit.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { withDefaults } from '../mail/notify.js';

export function notificationEndpoints({ db }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.getNotificationSettings,
      access: 'anyAdmin',
      async handle({ principal }) {
        const rows = await db.query<{ value: unknown }[]>(`SELECT value FROM admin_notification_settings WHERE admin_id = $1`, [
          principal.id,
        ]);
        return withDefaults(rows[0]?.value);
      },
    }),
    endpoint({
      ...endpoints.saveNotificationSettings,
      access: 'anyAdmin',
      async handle({ principal, body, audit }) {
        await db.transaction(async (m) => {
          const [before] = await m.query<{ value: unknown }[]>(
            `SELECT value FROM admin_notification_settings WHERE admin_id = $1 FOR UPDATE`,
            [principal.id],
          );
          await m.query(
            `INSERT INTO admin_notification_settings (admin_id, value) VALUES ($1, $2)
             ON CONFLICT (admin_id) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
            [principal.id, JSON.stringify(body)],
          );
          await audit(m, {
            action: 'settings.notifications_update',
            target: { type: 'admin', id: principal.id, label: principal.email },
            changes: diff(withDefaults(before?.value), body),
          });
        });
        return { message: messages.notificationSettingsSaved, settings: body };
      },
    }),
  ];
}
