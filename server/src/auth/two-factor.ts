/**
 * Two-factor sign-in for admins: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps,
 * what every authenticator app reads from an otpauth URL) with otpauth, and single-use recovery
 * codes. Secrets are never logged; recovery codes are kept as SHA-256 hashes (they are 50 random
 * bits each, so a fast hash is enough, as for session tokens).
 *
 * A code of one step is accepted once: the last step used is kept, and only a later step passes,
 * so a code seen over someone's shoulder cannot be replayed within its 90 seconds.
 */
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { DataSource, EntityManager } from 'typeorm';
import { brand } from '@kafue/common/brand';

const period = 30;
/** Steps either side of the current one that still count (clocks drift; RFC 6238 5.2). */
const window = 1;
const recoveryCodeCount = 10;

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: brand.product, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });
}

/** A new secret (160 bits, as RFC 4226 recommends), its otpauth URL and that URL as a QR code. */
export async function newTotpSecret(email: string): Promise<{ secret: string; otpauthUrl: string; qrCodeDataUrl: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpOf(secret, email).toString();
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrCodeDataUrl };
}

/** The code of `secret` at `timestamp` (tests and nothing else need to make codes). */
export const totpCode = (secret: string, timestamp: number) => totpOf(secret).generate({ timestamp });

/** The time step a code matches at `now` (current, previous or next), or undefined. */
export function matchingStep(secret: string, code: string, now: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window });
  return delta === null ? undefined : TOTP.counter({ period, timestamp: now }) + delta;
}

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7pq2-xm4rt` (10 characters from 31: ~50 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Recovery codes are compared without case, spaces or dashes. */
const hashRecoveryCode = (code: string) => createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

/** Replaces an admin's recovery codes (inside the caller's transaction). */
export async function storeRecoveryCodes(m: EntityManager, adminId: string, codes: string[]): Promise<void> {
  await m.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [adminId]);
  await m.query(`INSERT INTO admin_recovery_codes (admin_id, code_hash) SELECT $1, h FROM unnest($2::text[]) AS h`, [
    adminId,
    codes.map(hashRecoveryCode),
  ]);
}

/**
 * Checks a second factor of an admin with two-factor on, and uses it up: a TOTP of a step later
 * than the last one used, or an unused recovery code (marked used). Each is one atomic statement,
 * so two sign-ins with one code cannot both pass.
 */
export async function consumeSecondFactor(
  db: DataSource | EntityManager,
  admin: { id: string; totpSecret: string },
  code: string,
  now: number,
): Promise<boolean> {
  const trimmed = code.trim();
  const step = matchingStep(admin.totpSecret, trimmed, now);
  if (step !== undefined) {
    const [, count] = await db.query<[unknown[], number]>(
      `UPDATE admins SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`,
      [admin.id, step],
    );
    return count === 1;
  }
  if (/^\d{6}$/.test(trimmed)) return false;
  const [, count] = await db.query<[unknown[], number]>(
    `UPDATE admin_recovery_codes SET used_at = now() WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL`,
    [admin.id, hashRecoveryCode(trimmed)],
  );
  return count === 1;
}
