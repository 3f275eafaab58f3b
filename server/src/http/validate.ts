import type { z } from 'zod';
import { messages } from '@kafue/common/contract';
import { idSchema } from '@kafue/common/schemas';
import { HttpError, notFound } from './errors.js';

/** Parses a request body with the call's schema: 400 with one message per field, or the data. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {}, {
    error: (issue) => (issue.input === undefined ? 'Required.' : undefined),
  });
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    errors[field] ??= issue.message;
  }
  throw new HttpError(400, messages.invalidInput, errors);
}

/** A record id from the path: anything but a UUID names no record (404). */
export function parseId(value: string | undefined): string {
  const result = idSchema.safeParse(value);
  if (!result.success) throw notFound();
  return result.data.toLowerCase();
}
