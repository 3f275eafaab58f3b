/**
 * Admin accounts outside the API: the first Super Admin at start, and the command-line tool's
 * "create an admin" and "reset an admin's password" (the day the last admin forgets theirs).
 */
import type { DataSource } from 'typeorm';
import { type AdminRole } from '@kafue/common/contract';
import { adminInviteBody } from '@kafue/common/schemas';
import { brand } from '@kafue/common/brand';
import { accountKey } from './auth/limiter.js';
import { hashPassword, randomPassword } from './auth/passwords.js';
import { revokeSessionsOf } from './auth/sessions.js';
import { AdminEntity } from './db/entities.js';

export const defaultFirstAdminEmail = `admin@${brand.email.split('@')[1]}`;

function validAdmin(input: { name: string; email: string; role: AdminRole; password: string }) {
  const result = adminInviteBody.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid admin: ${problems}`);
  }
  return result.data;
}

export async function createAdmin(
  db: DataSource,
  input: { name: string; email: string; role: AdminRole; password: string },
): Promise<{ id: string; email: string }> {
  const data = validAdmin(input);
  const passwordHash = await hashPassword(data.password);
  const repo = db.getRepository(AdminEntity);
  const row = await repo.save(repo.create({ name: data.name, email: data.email, role: data.role, passwordHash }));
  return { id: row.id, email: row.email };
}

/**
 * Creates the first Super Admin when no admin exists (ADMIN_EMAIL + ADMIN_PASSWORD, or a default
 * email and a random password). Answers the generated password, if one was generated, so that the
 * caller prints it once. Several servers starting at once on one database create one admin.
 */
export async function ensureFirstAdmin(
  db: DataSource,
  env: { adminEmail?: string; adminPassword?: string },
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  return db.transaction(async (m) => {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('kafue:first-admin'))`);
    if ((await m.count(AdminEntity)) > 0) return undefined;
    const generatedPassword = env.adminPassword ? undefined : randomPassword(20);
    const data = validAdmin({
      name: 'Administrator',
      email: env.adminEmail ?? defaultFirstAdminEmail,
      role: 'Super Admin',
      password: env.adminPassword ?? generatedPassword!,
    });
    const passwordHash = await hashPassword(data.password);
    await m.save(AdminEntity, m.create(AdminEntity, { name: data.name, email: data.email, role: data.role, passwordHash }));
    return { email: data.email, generatedPassword };
  });
}

/** Sets a new password for an admin, signs them out everywhere and clears their sign-in lock. */
export async function resetAdminPassword(db: DataSource, email: string, password: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const admin = await db.getRepository(AdminEntity).findOneBy({ email: normalized });
  if (!admin) throw new Error(`No admin has the email ${normalized}`);
  validAdmin({ name: admin.name, email: admin.email, role: admin.role, password });
  const passwordHash = await hashPassword(password);
  await db.transaction(async (m) => {
    await m.update(AdminEntity, { id: admin.id }, { passwordHash });
    await revokeSessionsOf(m, { adminId: admin.id });
    await m.query(`DELETE FROM login_failures WHERE key = $1`, [accountKey('admin', normalized)]);
  });
}
