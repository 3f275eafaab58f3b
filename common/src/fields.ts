/** Field schemas the request bodies share. */
import { z } from 'zod';
import { maxEmailLength, maxNameLength, maxPasswordLength, minPasswordLength } from './vocabulary';

/**
 * Line breaks (CR, LF, NEL, the Unicode line and paragraph separators): a one-line field that
 * reaches a mail (a name, a phone number, a subject) must not start a line of its own there.
 */
const lineBreak = /[\r\n\u0085\u2028\u2029]/;
export const noLineBreaks = 'Must be on one line.';
/** A trimmed string of one line (a line break inside is refused, one at either end trimmed). */
export const oneLine = () =>
  z
    .string()
    .trim()
    .refine((value) => !lineBreak.test(value), noLineBreaks);

export const email = z.string().trim().toLowerCase().max(maxEmailLength).pipe(z.email('Enter a valid email address.'));
export const name = oneLine().min(1, 'Required.').max(maxNameLength);
export const anyPassword = z.string().min(1, 'Required.').max(maxPasswordLength);
export const newPassword = z.string().min(minPasswordLength, `Must be at least ${minPasswordLength} characters.`).max(maxPasswordLength);

/** A record id: a UUID. Anything else is a 404 (the record cannot exist), not a 500. */
export const idSchema = z.uuid();
