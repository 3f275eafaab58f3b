/**
 * Command-line tool (run with `npm run admin|backup|restore|migrate|export -w server -- ...`):
 *
 *   admin create --email E [--name N] [--role "Super Admin"|Editor|Moderator]
 *   admin reset-password --email E
 *   backup
 *   restore FILE
 *   migrate status | migrate run
 *   export DIR            (the published site as plain files for a static host)
 *
 * Passwords are generated and printed once (never taken from the command line, where other
 * users could read them in the process list); set KAFUE_NEW_PASSWORD to choose one instead.
 * The database is DATABASE_URL, or the embedded one in DATA_DIR: the running server's when a
 * server is running on DATA_DIR, otherwise started here for the command and stopped after it.
 * Every command but `migrate` applies pending migrations first, as the server does at start.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { adminRoles, type AdminRole } from '@kafue/common/contract';
import { writeAudit } from './audit/audit.js';
import { createAdmin, resetAdminPassword } from './auth/accounts.js';
import { randomPassword } from './auth/passwords.js';
import { backupContent, restoreBackup, storeBackup } from './backup/backup.js';
import { fileSource, openBackup } from './backup/file.js';
import { loadConfig } from './config.js';
import { connectDatabase, migrationStatus, openDatabase, runMigrations, type Database } from './db/data-source.js';
import { runningServerDatabase } from './db/embedded.js';
import { exportSite } from './site/export.js';

const usage = `Usage:
  admin create --email EMAIL [--name NAME] [--role "Super Admin"|Editor|Moderator]
  admin reset-password --email EMAIL
  backup
  restore FILE            (into an empty database)
  migrate status          (the migrations applied and pending; changes nothing)
  migrate run             (applies the pending ones)
  export DIR              (the published site as plain files, for any static host)
Environment: DATABASE_URL or DATA_DIR as for the server; KAFUE_NEW_PASSWORD to choose the password.`;

const log = (message: string) => process.stderr.write(`${message}\n`);

async function withDatabase<T>(run: (db: Database) => Promise<T>, open = openDatabase): Promise<T> {
  const config = loadConfig();
  const url = config.databaseUrl ? undefined : runningServerDatabase(config.dataDir);
  if (url) log(`Using the database of the server running on ${config.dataDir}`);
  const db = await open(config, log, url);
  try {
    return await run(db);
  } finally {
    await db.close();
  }
}

function newPassword(): { password: string; generated: boolean } {
  const chosen = process.env.KAFUE_NEW_PASSWORD;
  return chosen ? { password: chosen, generated: false } : { password: randomPassword(20), generated: true };
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean' } },
  });
  // `npm run admin -w server -- admin create ...` repeats the word the npm script already
  // supplies: accept it.
  if (['admin', 'migrate', 'export'].includes(positionals[0]) && positionals[1] === positionals[0]) positionals.shift();
  const [command, sub] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return;
  }
  if (command === 'admin' && (sub === 'create' || sub === 'reset-password')) {
    if (!values.email) throw new Error('--email is required');
    const { password, generated } = newPassword();
    if (sub === 'create') {
      const role = (values.role ?? 'Super Admin') as AdminRole;
      if (!adminRoles.includes(role)) throw new Error(`--role must be one of ${adminRoles.join(', ')}`);
      const admin = await withDatabase(({ dataSource }) =>
        createAdmin(dataSource, { name: values.name ?? 'Administrator', email: values.email!, role, password }),
      );
      console.log(`Admin created: ${admin.email} (${role})`);
    } else {
      await withDatabase(({ dataSource }) => resetAdminPassword(dataSource, values.email!, password));
      console.log(`Password reset for ${values.email.trim().toLowerCase()}; their sessions were signed out.`);
    }
    if (generated) console.log(`Password: ${password}`);
    return;
  }
  if (command === 'backup') {
    // Kept in the database (the console lists it) and written to DATA_DIR/backups, where
    // `restore` and the operator's own copies can take it.
    const dir = join(loadConfig().dataDir, 'backups');
    const path = await withDatabase(async ({ dataSource }) => {
      const { name } = await storeBackup(
        dataSource,
        { label: 'command line' },
        {
          progress: (table, i, n) => log(`backing up ${table} (${i}/${n})...`),
          within: (m, stored) =>
            writeAudit(m, {
              action: 'backup.create',
              actor: { kind: 'system', id: null, name: 'command line', email: null },
              target: { type: 'backup', id: stored.id, label: stored.name },
              address: null,
              userAgent: null,
            }),
        },
      );
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      await pipeline((await backupContent(dataSource, name))!, createWriteStream(join(dir, name), { mode: 0o600 }));
      return join(dir, name);
    });
    console.log(`Backup written: ${path}`);
    return;
  }
  if (command === 'restore' && sub) {
    const path = resolve(process.env.INIT_CWD ?? process.cwd(), sub);
    // Checked (its checksum over every byte) before the database is opened.
    const backup = await openBackup(fileSource(path), path);
    const counts = await withDatabase(({ dataSource }) => restoreBackup(dataSource, backup));
    console.log(
      `Restored ${Object.entries(counts)
        .map(([t, n]) => `${t}: ${n}`)
        .join(', ')}`,
    );
    return;
  }
  if (command === 'export' && sub) {
    const out = resolve(process.env.INIT_CWD ?? process.cwd(), sub);
    const config = loadConfig();
    const n = await withDatabase(({ dataSource }) => exportSite(dataSource, config.siteDir, out, config.siteUrl));
    console.log(`Exported ${n} pages, 404.html, sitemap.xml and robots.txt with the build's assets to ${out}`);
    return;
  }
  if (command === 'migrate' && sub === 'status') {
    const { applied, pending } = await withDatabase(({ dataSource }) => migrationStatus(dataSource), connectDatabase);
    for (const name of applied) console.log(`applied  ${name}`);
    for (const name of pending) console.log(`pending  ${name}`);
    console.log(`${applied.length} applied, ${pending.length} pending`);
    return;
  }
  if (command === 'migrate' && sub === 'run') {
    const ran = await withDatabase(({ dataSource }) => runMigrations(dataSource), connectDatabase);
    for (const m of ran) console.log(`Migration applied: ${m.name}`);
    if (!ran.length) console.log('No pending migrations');
    return;
  }
  throw new Error(`Unknown command.\n${usage}`);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    log(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
