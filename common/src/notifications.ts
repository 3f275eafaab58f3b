/** An admin's notification settings (spec section 3), saved per admin. */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { emailFrequencies } from './vocabulary';

export const notificationSettings = z
  .object({
    emailEnabled: z.boolean(),
    notificationTypes: z.object({
      newUser: z.boolean(),
      systemAlert: z.boolean(),
      maintenance: z.boolean(),
      marketing: z.boolean(),
      newEnquiry: z.boolean(),
    }),
    emailFrequency: z.enum(emailFrequencies),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationSettingsAnswer = messageAnswer
  .extend({ settings: notificationSettings })
  .meta({ id: 'NotificationSettingsAnswer' });
export type NotificationSettingsAnswer = z.infer<typeof notificationSettingsAnswer>;
