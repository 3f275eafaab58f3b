/** Field schemas the request bodies share. */
import { z } from 'zod';
import { maxEmailLength, maxNameLength, maxPasswordLength, minPasswordLength } from './vocabulary';

export const email = z.string().trim().toLowerCase().max(maxEmailLength).pipe(z.email('Enter a valid email address.'));
export const name = z.string().trim().min(1, 'Required.').max(maxNameLength);
export const anyPassword = z.string().min(1, 'Required.').max(maxPasswordLength);
export const newPassword = z
  .string()
  .min(minPasswordLength, `Must be at least ${minPasswordLength} characters.`)
  .max(maxPasswordLength);

/** A record id: a UUID. Anything else is a 404 (the record cannot exist), not a 500. */
export const idSchema = z.uuid();
