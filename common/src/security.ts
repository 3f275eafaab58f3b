/**
 * Two-factor sign-in (TOTP), the security settings, active sessions and
 * password reset by e-mail. Records, request bodies and answers.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { anyPassword, email, idSchema, newPassword } from './fields';
import { passwordMaxAgeChoices } from './vocabulary';

/** A current TOTP (6 digits) or an unused recovery code (spaces and dashes ignored). */
export const twoFactorCode = z.string().trim().min(1, 'Required.').max(32);

export const twoFactorSetupAnswer = z
  .object({
    /** Base32, for typing into an authenticator app by hand. */
    secret: z.string(),
    otpauthUrl: z.string(),
    /** The otpauth URL as a QR code, a PNG data URL. */
    qrCodeDataUrl: z.string(),
  })
  .meta({ id: 'TwoFactorSetupAnswer' });
export type TwoFactorSetupAnswer = z.infer<typeof twoFactorSetupAnswer>;

export const twoFactorEnableBody = z.object({ code: twoFactorCode }).meta({ id: 'TwoFactorEnableBody' });
export type TwoFactorEnableBody = z.input<typeof twoFactorEnableBody>;

export const twoFactorEnableAnswer = messageAnswer
  .extend({
    /** Ten single-use codes, shown this once (the server keeps only their hashes). */
    recoveryCodes: z.array(z.string()),
  })
  .meta({ id: 'TwoFactorEnableAnswer' });
export type TwoFactorEnableAnswer = z.infer<typeof twoFactorEnableAnswer>;

export const twoFactorDisableBody = z.object({ password: anyPassword, code: twoFactorCode }).meta({ id: 'TwoFactorDisableBody' });
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBody>;

export const securitySettings = z
  .object({
    requireTwoFactor: z.boolean(),
    /** 0: passwords never expire. */
    passwordMaxAgeDays: z.union(passwordMaxAgeChoices.map((d) => z.literal(d))),
  })
  .meta({ id: 'SecuritySettings' });
export type SecuritySettings = z.infer<typeof securitySettings>;

export const securitySettingsAnswer = messageAnswer.extend({ settings: securitySettings }).meta({ id: 'SecuritySettingsAnswer' });
export type SecuritySettingsAnswer = z.infer<typeof securitySettingsAnswer>;

export const activeSession = z
  .object({
    _id: idSchema,
    /** The session this request came with. */
    current: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Kept to the minute. */
    lastUsedAt: z.iso.datetime({ offset: true }),
    address: z.string().nullable(),
    userAgent: z.string().nullable(),
    via: z.enum(['cookie', 'bearer']).nullable(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof activeSession>;

export const activeSessionList = z.array(activeSession).meta({ id: 'ActiveSessionList' });

export const forgotPasswordBody = z.object({ email, account: z.enum(['admin', 'staff']) }).meta({ id: 'ForgotPasswordBody' });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z
  .object({ token: z.string().min(1, 'Required.').max(200), newPassword })
  .meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const resetPasswordAnswer = messageAnswer
  .extend({
    /** Whose password it was: the page links to that sign-in screen. */
    account: z.enum(['admin', 'staff']),
  })
  .meta({ id: 'ResetPasswordAnswer' });
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswer>;
