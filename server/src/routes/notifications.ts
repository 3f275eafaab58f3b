/** Each admin's own notification settings. */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { readNotificationSettings, saveNotificationSettings } from '../mail/notification-settings.js';

export function notificationEndpoints({ db }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.getNotificationSettings,
      access: 'anyAdmin',
      handle: ({ principal }) => readNotificationSettings(db, principal.id),
    }),
    endpoint({
      ...endpoints.saveNotificationSettings,
      access: 'anyAdmin',
      async handle({ principal, body, audit }) {
        await saveNotificationSettings(db, principal, body, audit);
        return { message: messages.notificationSettingsSaved, settings: body };
      },
    }),
  ];
}
