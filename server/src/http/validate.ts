import type { z } from 'zod';
import { messages } from '@kafue/common/contract';
import { idSchema } from '@kafue/common/schemas';
import { HttpError, notFound } from './errors.js';

/** Parses a request body with the call's schema: 400 with one message per field, or the data. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {}, {
    error: (issue) => (issue.input === undefined ? 'Required.' : undefined),
  });
  if (result.success) {
    const field = unstorableField(result.data);
    if (field !== undefined) throw new HttpError(400, messages.invalidInput, { [field || 'body']: unstorableText });
    return result.data;
  }
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    errors[field] ??= issue.message;
  }
  throw new HttpError(400, messages.invalidInput, errors);
}

/** NUL, or a surrogate code point: with the u flag, only an unpaired surrogate is one. */
const unstorable = /\0|\p{Cs}/u;
export const unstorableText = 'Must not contain NUL or unpaired surrogate characters.';

/**
 * The first field holding text PostgreSQL cannot store: a NUL character (U+0000), or a lone
 * UTF-16 surrogate (JSON allows "\ud800"; PostgreSQL's json refuses it, and text would silently
 * hold U+FFFD instead). Such a value would fail in the database (a 500) or change on the way, so
 * it is refused as bad input here, for every call.
 */
function unstorableField(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return unstorable.test(value) ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = unstorableField(inner, path ? `${path}.${key}` : key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** A record id from the path: anything but a UUID names no record (404). */
export function parseId(value: string | undefined): string {
  const result = idSchema.safeParse(value);
  if (!result.success) throw notFound();
  return result.data.toLowerCase();
}
