/** General settings (spec section 2) and backups: the records, the request bodies and the answers. */
import { z } from 'zod';
import { messageAnswer } from './answers';
import type { CompanyProfile } from './company';
import type { ReplyTargets } from './reply-clock';
import type { HeroSettings } from './hero';
import { email, oneLine } from './fields';
import { mediaRef } from './media';
import { timezoneValues } from './vocabulary';

/** The settings as read; empty name and email until a Super Admin saves them (spec section 3). */
export const generalSettings = z
  .object({
    siteName: z.string(),
    adminEmail: z.string(),
    timezone: z.enum(timezoneValues),
    maintenanceMode: z.boolean(),
  })
  .meta({ id: 'GeneralSettings' });
export type GeneralSettings = z.infer<typeof generalSettings>;

export const generalSettingsBody = generalSettings
  .extend({
    siteName: oneLine().min(1, 'Required.').max(200),
    adminEmail: email,
  })
  .meta({ id: 'GeneralSettingsBody' });

export const settingsUpdateAnswer = messageAnswer.extend({ settings: generalSettings }).meta({ id: 'SettingsUpdateAnswer' });

const isHttpsAddress = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
};
const profileAddress = oneLine()
  .max(500)
  .refine((v) => v === '' || isHttpsAddress(v), 'Enter the full address starting with https://, or leave it empty.');

/** The company's contact points (common/src/company.ts), as the console saves them. */
export const companyProfile = z
  .object({
    phone: oneLine()
      .min(1, 'Required.')
      .max(40)
      .regex(/^\+?\d[\d ()-]{5,}$/, 'Enter a phone number, e.g. +260 97 000 0000.'),
    email,
    address: oneLine().min(1, 'Required.').max(200),
    openingHours: oneLine().min(1, 'Required.').max(100),
    latitude: z.number().min(-90, 'Between -90 and 90.').max(90, 'Between -90 and 90.'),
    longitude: z.number().min(-180, 'Between -180 and 180.').max(180, 'Between -180 and 180.'),
    /** E.164: a plus, the country code and the number, digits only. */
    whatsapp: z
      .string()
      .trim()
      .regex(/^(\+[1-9]\d{7,14})?$/, 'Enter the number in international form, e.g. +260971234567, or leave it empty.'),
    facebook: profileAddress,
    linkedin: profileAddress,
    x: profileAddress,
    tpin: z
      .string()
      .trim()
      .regex(/^(\d{10})?$/, 'Enter the 10-digit TPIN, or leave it empty.')
      .default(''),
  })
  .meta({ id: 'CompanyProfile' }) satisfies z.ZodType<CompanyProfile>;

/** The one part of the company profile staff read: whether (and which) WhatsApp number the company uses. */
export const companyWhatsapp = companyProfile.pick({ whatsapp: true }).meta({ id: 'CompanyWhatsapp' });
export type CompanyWhatsapp = z.infer<typeof companyWhatsapp>;

export const companyProfileAnswer = messageAnswer.extend({ company: companyProfile }).meta({ id: 'CompanyProfileAnswer' });

/** The reply clock's targets (reply-clock.ts): whole business hours, the target within the most. */
export const replyTargets = z
  .object({
    targetHours: z.number().int('Whole hours.').min(1, 'At least 1 hour.').max(24, 'At most 24 hours.'),
    maxHours: z.number().int('Whole hours.').min(1, 'At least 1 hour.').max(48, 'At most 48 hours.'),
  })
  .refine((t) => t.targetHours <= t.maxHours, { path: ['targetHours'], message: 'The target must not be later than the most.' })
  .meta({ id: 'ReplyTargets' }) satisfies z.ZodType<ReplyTargets>;

export const replyTargetsAnswer = messageAnswer.extend({ targets: replyTargets }).meta({ id: 'ReplyTargetsAnswer' });
/** A path of this site: one slash, then no spaces, quotes or angle brackets (never '//host', another site). */
const sitePath = /^\/(?!\/)[^\s"'<>\\]*$/;

/** The home page's hero (common/src/hero.ts), as the console saves it. */
export const heroSettings = z
  .object({
    videoUrl: oneLine()
      .min(1, 'Required.')
      .max(500)
      .refine(
        (v) => isHttpsAddress(v) || sitePath.test(v),
        'Enter the full address starting with https://, or a path of this site starting with /.',
      ),
    poster: mediaRef.optional(),
    video: mediaRef.optional(),
  })
  .meta({ id: 'HeroSettings' }) satisfies z.ZodType<HeroSettings>;

export const heroSettingsAnswer = messageAnswer.extend({ hero: heroSettings }).meta({ id: 'HeroSettingsAnswer' });

export const backupAnswer = messageAnswer
  .extend({
    /** Where the backup file can be downloaded (GET, Super Admin). */
    fileUrl: z.string(),
  })
  .meta({ id: 'BackupAnswer' });
export type BackupAnswer = z.infer<typeof backupAnswer>;

export const backupFormat = 'kafue-backup';
/**
 * 3: NDJSON, written and read as a stream (server/src/backup/file.ts), its SHA-256 on its last
 * line. 2 (one JSON document, content under `backup`, its SHA-256 beside it) and 1 (no checksum)
 * are still read.
 */
export const backupVersion = 3;

/** A backup file as downloaded: its lines, and the SHA-256 of every byte before the last that restore checks. */
export const backupFile = z.string().meta({
  id: 'BackupFile',
  description:
    'NDJSON: {"format":"kafue-backup","version":3,"createdAt","migrations"}; per table {"table","columns","bytea"} then one ' +
    'array of values per row (bytea in base64, or the number of lines of base64 slices after the row); last {"sha256"} of every byte before it.',
  contentMediaType: 'application/x-ndjson',
});

/** Automatic backups: how often, at which hour of the General settings' timezone, how many kept. */
export const backupFrequencies = ['off', 'daily', 'weekly'] as const;
export const backupScheduleBody = z
  .object({
    frequency: z.enum(backupFrequencies),
    hour: z.number().int().min(0).max(23),
    /** 0 Sunday ... 6 Saturday; read only when weekly. */
    weekday: z.number().int().min(0).max(6),
    keep: z.number().int().min(1).max(100),
  })
  .meta({ id: 'BackupSchedule' });
export type BackupSchedule = z.output<typeof backupScheduleBody>;
export const backupScheduleAnswer = messageAnswer.extend({ schedule: backupScheduleBody }).meta({ id: 'BackupScheduleAnswer' });

/** The page of the backup list asked for in the query string. */
export const backupListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One backup as the list shows it. */
export const backupRecord = z
  .object({
    id: z.uuid(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    /** Bytes. */
    size: z.number().int().min(0),
    sha256: z.string(),
    /** The admin's name (as it was then), 'schedule' or 'command line'. */
    madeBy: z.string(),
    fileUrl: z.string(),
  })
  .meta({ id: 'BackupRecord' });
export type BackupRecord = z.infer<typeof backupRecord>;

export const backupListAnswer = z
  .object({ backups: z.array(backupRecord), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'BackupListAnswer' });
export type BackupListAnswer = z.infer<typeof backupListAnswer>;

/** A backup file sent as the request's body, its bytes exactly as downloaded (application/octet-stream). */
export const backupUpload = z.string().meta({
  id: 'BackupUpload',
  description: 'A backup file as downloaded (BackupFile), its exact bytes: the checksum is over them.',
  contentMediaType: 'application/octet-stream',
});

/** What a restore answers: the backup of the state it replaced, and whether the caller is still signed in. */
export const backupRestoreAnswer = messageAnswer
  .extend({
    /** When the restored backup was made: the data is as it was then. */
    restoredFrom: z.iso.datetime(),
    /** The automatic backup of the data as it was just before the restore. */
    automaticBackup: z.object({ name: z.string(), fileUrl: z.string() }),
    /** False when the caller's own admin account is not in the backup: their session ended too. */
    stillSignedIn: z.boolean(),
  })
  .meta({ id: 'BackupRestoreAnswer' });
export type BackupRestoreAnswer = z.infer<typeof backupRestoreAnswer>;
