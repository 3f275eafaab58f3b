/** Request bodies the JSON body parser leaves alone (a form post, a backup file), read by their call. */
import type { Context } from 'koa';
import { HttpError } from './errors.js';

/**
 * The body's pieces, refusing a media type but `type` (or the first of `type`, the one the 415
 * names, and the others) with 415 and more than `limit` bytes with 413 (`tooLarge`).
 */
export async function* rawBody(ctx: Context, type: string | string[], limit: number, tooLarge: string): AsyncGenerator<Buffer> {
  const types = [type].flat();
  if (!ctx.is(types)) {
    throw new HttpError(
      415,
      `Send the ${types[0] === 'application/octet-stream' ? 'file' : types[0] === 'text/plain' ? 'beacon' : 'form'} as ${types[0]}.`,
    );
  }
  // Refused before reading, when the client says its size.
  if (Number(ctx.get('Content-Length')) > limit) throw new HttpError(413, tooLarge);
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, tooLarge);
    yield chunk;
  }
}

/** The fields of a form posted without JavaScript (application/x-www-form-urlencoded, at most `limit` bytes: 413 `tooLarge`). */
export async function readFormFields(ctx: Context, limit: number, tooLarge = 'The form is too large.'): Promise<URLSearchParams> {
  return new URLSearchParams((await readRawBody(ctx, 'application/x-www-form-urlencoded', limit, tooLarge)).toString('utf8'));
}

/** The body's bytes, whole (small bodies: see rawBody). */
export async function readRawBody(ctx: Context, type: string | string[], limit: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of rawBody(ctx, type, limit, tooLarge)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
