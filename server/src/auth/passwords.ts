/**
 * Passwords: argon2id with the library's default cost. A sign-in for an unknown account still
 * runs one verification, so that timing does not tell an unknown email from a wrong password.
 */
import argon2 from 'argon2';
import { randomBytes, randomInt } from 'node:crypto';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/** Computes the stand-in hash ahead, so that the first unknown email is not slower either. */
export function prepareDummyHash(): Promise<string> {
  return (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
}

/** Verifies password against hash; with no hash, spends the same time and answers false. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await prepareDummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password that is easy to read aloud or copy (16 characters unless asked), no look-alikes. */
export function randomPassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
