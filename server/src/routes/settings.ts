/** General settings and backups. */
import { createReadStream } from 'node:fs';
import { api, defaultGeneralSettings, messages } from '@kafue/common/contract';
import { backup, backupAnswer, generalSettings, generalSettingsBody, settingsUpdateAnswer } from '@kafue/common/schemas';
import { backupPath, writeBackup } from '../backup.js';
import { preparedQuery } from '../db/data-source.js';
import { SettingEntity } from '../db/entities.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../http/endpoint.js';
import { notFound } from '../http/errors.js';

const generalKey = 'general';
/** What may be stored: any of the fields (built once; zod compiles a schema on first use). */
const storedSettings = generalSettingsBody.partial();

export function settingsEndpoints({ db, config }: AppDeps): Endpoint[] {
  const settings = db.getRepository(SettingEntity);
  return [
    endpoint({
      method: 'GET',
      path: api.generalSettings,
      access: 'anyAdmin',
      answer: { 200: generalSettings },
      async handle() {
        const text = `SELECT value FROM settings WHERE key = $1`;
        const rows = await preparedQuery<{ value: unknown }>(db, 'kafue_setting', text, [generalKey]);
        // Only known fields, over the defaults of spec section 3.
        const stored = storedSettings.safeParse(rows[0]?.value ?? {});
        return { ...defaultGeneralSettings, ...(stored.success ? stored.data : {}) };
      },
    }),
    endpoint({
      method: 'POST',
      path: api.generalSettings,
      access: 'superAdmin',
      body: generalSettingsBody,
      answer: { 200: settingsUpdateAnswer },
      async handle({ body }) {
        await settings.upsert({ key: generalKey, value: body }, ['key']);
        return { message: messages.settingsUpdated, settings: body };
      },
    }),
    endpoint({
      method: 'POST',
      path: api.backup,
      access: 'superAdmin',
      answer: { 200: backupAnswer },
      async handle() {
        const { name } = await writeBackup(db, config.dataDir);
        return { message: messages.backupCompleted, fileUrl: api.backupFile(name) };
      },
    }),
    endpoint({
      method: 'GET',
      path: `${api.backupFile('')}:name`,
      access: 'superAdmin',
      answer: { 200: backup },
      async handle({ ctx, params }) {
        const path = backupPath(config.dataDir, params.name ?? '');
        if (!path) throw notFound();
        ctx.type = 'application/json';
        ctx.attachment(params.name);
        return createReadStream(path);
      },
    }),
  ];
}
