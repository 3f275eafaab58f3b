/** General settings (spec section 2). */
import { z } from 'zod';
import { email } from './fields';
import { timezoneValues } from './vocabulary';

export const generalSettingsBody = z.object({
  siteName: z.string().trim().min(1, 'Required.').max(200),
  adminEmail: email,
  timezone: z.enum(timezoneValues),
  maintenanceMode: z.boolean(),
});
export type GeneralSettings = z.output<typeof generalSettingsBody>;
