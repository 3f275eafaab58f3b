import { z } from 'zod';
import { messages } from '@kafue/common/contract';
import { idSchema } from '@kafue/common/schemas';
import { HttpError, notFound } from './errors.js';

/**
 * Parses a request body with the call's schema: 400 with one message per field, or the data. A
 * field the schema does not know is refused by name (unknownField), with whatever else is wrong:
 * a caller must not believe it changed something the call ignores. Only an object whose schema
 * takes other fields (a catchall, as the beacon's) accepts them.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const unknown = Object.fromEntries(unknownFields(schema, body).map((field) => [field, messages.unknownField]));
  return parseValues(schema, body, unknown);
}

/**
 * Parses a query string with the call's schema, as parseBody, but a parameter it does not know is
 * dropped: an address may carry others (a cache buster, a tracking tag).
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  return parseValues(schema, query, {});
}

function parseValues<S extends z.ZodType>(schema: S, input: unknown, unknown: Record<string, string>): z.output<S> {
  const result = schema.safeParse(input ?? {}, {
    error: (issue) => (issue.input === undefined ? 'Required.' : undefined),
  });
  if (result.success && Object.keys(unknown).length === 0) {
    const field = unstorableField(result.data);
    if (field !== undefined) throw new HttpError(400, messages.invalidInput, { [field || 'body']: unstorableText });
    return result.data;
  }
  const errors: Record<string, string> = { ...unknown };
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.map(String).join('.') || 'body';
    errors[field] ??= issue.message;
  }
  throw new HttpError(400, messages.invalidInput, errors);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of `value` (dotted paths, as the errors name them) that `schema` does not know: keys
 * of an object its schema's shape lacks, at any depth. Of a union's options, the one that knows
 * the most decides (none unknown if one knows them all).
 */
export function unknownFields(schema: z.core.$ZodType, value: unknown, path = ''): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) return [];
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const catchall = def.catchall as z.core.$ZodType | undefined;
      const takesOthers = catchall !== undefined && catchall._zod.def.type !== 'never';
      return Object.entries(value).flatMap(([key, inner]) => {
        const known = Object.hasOwn(shape, key) ? shape[key] : takesOthers ? catchall : undefined;
        return known ? unknownFields(known, inner, at(key)) : [at(key)];
      });
    }
    case 'array':
      return Array.isArray(value) ? value.flatMap((inner, i) => unknownFields(def.element as z.core.$ZodType, inner, at(i))) : [];
    case 'record':
      return isRecord(value)
        ? Object.entries(value).flatMap(([key, inner]) => unknownFields(def.valueType as z.core.$ZodType, inner, at(key)))
        : [];
    case 'union': {
      // The options that take the value, else all (then the value is refused anyway).
      const options = def.options as z.core.$ZodType[];
      const taking = options.filter((option) => z.safeParse(option, value).success);
      const found = (taking.length ? taking : options).map((option) => unknownFields(option, value, path));
      return found.reduce((fewest, fields) => (fields.length < fewest.length ? fields : fewest));
    }
    case 'intersection': {
      const right = unknownFields(def.right as z.core.$ZodType, value, path);
      return unknownFields(def.left as z.core.$ZodType, value, path).filter((field) => right.includes(field));
    }
    case 'pipe':
      // A preprocess reads the value first: what it takes is what the schema after it knows.
      return unknownFields(
        (def.in as z.core.$ZodType)._zod.def.type === 'transform' ? (def.out as z.core.$ZodType) : (def.in as z.core.$ZodType),
        value,
        path,
      );
    case 'lazy':
      return unknownFields((def.getter as () => z.core.$ZodType)(), value, path);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return unknownFields(def.innerType as z.core.$ZodType, value, path);
    default:
      // Text, numbers and the like hold no fields; `catch` takes anything in their place.
      return [];
  }
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
