/** General settings, the company profile and backups. */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Context } from 'koa';
import { messages, api } from '@kafue/common/contract';
import { backupListQuery } from '@kafue/common/schemas';
import { endpoints } from '@kafue/common/endpoints';
import { backupContent } from '../backup/backup.js';
import { deleteBackup, listBackups, makeBackup, restoreBackupFile, restoreKeptBackup } from '../backup/kept.js';
import { notifyContentChanged } from '../content/published.js';
import { checkMediaFields, heroMediaKinds } from '../media/library.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { notFound } from '../http/errors.js';
import { rawBody } from '../http/body.js';
import { parseQuery } from '../http/validate.js';
import {
  readBackupSchedule,
  readCompanyProfile,
  readGeneralSettings,
  readHeroSettings,
  readReplyTargets,
  settingsPages,
  updateSettings,
} from '../settings/settings.js';

/**
 * Runs `work` on the request's body kept in a temporary file (a restore reads the file twice, and
 * it may be far larger than a request should hold in memory), deleted after.
 */
async function withUploadedFile<T>(ctx: Context, limit: number, work: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'kafue-restore-'));
  try {
    const path = join(dir, 'backup');
    await pipeline(rawBody(ctx, 'application/octet-stream', limit, messages.backupTooLarge), createWriteStream(path, { mode: 0o600 }));
    return await work(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function settingsEndpoints({ db, maintenance, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.getGeneralSettings,
      access: 'anyAdmin',
      // Only known fields, over the defaults of spec section 3.
      handle: () => readGeneralSettings(db),
    }),
    endpoint({
      ...endpoints.saveGeneralSettings,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await updateSettings(db, audit, settingsPages.general, body);
        maintenance?.set(body.maintenanceMode);
        return { message: messages.settingsUpdated, settings: body };
      },
    }),
    endpoint({
      ...endpoints.getCompanyProfile,
      access: 'anyAdmin',
      handle: () => readCompanyProfile(db),
    }),
    endpoint({
      ...endpoints.saveCompanyProfile,
      access: 'superAdmin',
      async handle({ body, audit }) {
        // Every page shows the profile: every process re-renders them all, as after a content change.
        await updateSettings(db, audit, settingsPages.company, body, (m) => notifyContentChanged(m, '*'));
        return { message: messages.settingsUpdated, company: body };
      },
    }),
    endpoint({
      ...endpoints.getReplyTargets,
      access: 'anyAdmin',
      handle: () => readReplyTargets(db),
    }),
    endpoint({
      ...endpoints.saveReplyTargets,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await updateSettings(db, audit, settingsPages.replyTargets, body);
        return { message: messages.settingsUpdated, targets: body };
      },
    }),
    endpoint({
      ...endpoints.getHeroSettings,
      access: 'anyAdmin',
      handle: () => readHeroSettings(db),
    }),
    endpoint({
      ...endpoints.saveHeroSettings,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await updateSettings(db, audit, settingsPages.hero, body, async (m) => {
          await checkMediaFields(m, body, heroMediaKinds);
          // Only the home page carries the hero: the others' data is unchanged, so they are not rendered again.
          await notifyContentChanged(m, '*');
        });
        return { message: messages.settingsUpdated, hero: body };
      },
    }),
    endpoint({
      ...endpoints.runBackup,
      access: 'superAdmin',
      async handle({ principal, audit }) {
        const name = await makeBackup(db, principal, audit);
        return { message: messages.backupCompleted, fileUrl: api.backupFile(name) };
      },
    }),
    endpoint({
      ...endpoints.listBackups,
      access: 'superAdmin',
      async handle({ ctx }) {
        const { page, pageSize } = parseQuery(backupListQuery, ctx.query);
        return listBackups(db, page, pageSize);
      },
    }),
    endpoint({
      ...endpoints.downloadBackup,
      access: 'superAdmin',
      async handle({ ctx, params }) {
        // Read from the database, so that any server process on it serves any backup.
        const content = await backupContent(db, params.name ?? '');
        if (!content) throw notFound();
        ctx.type = 'application/x-ndjson';
        ctx.attachment(params.name);
        return content;
      },
    }),
    endpoint({
      ...endpoints.deleteBackup,
      access: 'superAdmin',
      async handle({ params, audit }) {
        await deleteBackup(db, params.id, audit);
        return { message: messages.backupDeleted };
      },
    }),
    endpoint({
      ...endpoints.restoreBackup,
      access: 'superAdmin',
      handle: ({ params, principal, audit }) => restoreKeptBackup(db, params.id, principal, audit),
    }),
    endpoint({
      ...endpoints.restoreUploadedBackup,
      access: 'superAdmin',
      handle: ({ ctx, principal, audit }) =>
        withUploadedFile(ctx, config.limits.backupUploadBytes, (path) => restoreBackupFile(db, path, principal, audit)),
    }),
    endpoint({
      ...endpoints.getBackupSchedule,
      access: 'superAdmin',
      handle: () => readBackupSchedule(db),
    }),
    endpoint({
      ...endpoints.saveBackupSchedule,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await updateSettings(db, audit, settingsPages.backupSchedule, body);
        return { message: messages.settingsUpdated, schedule: body };
      },
    }),
  ];
}
