/** Request bodies the JSON body parser leaves alone (a form post, a backup file), read by their call. */
import type { Context } from 'koa';
import { HttpError } from './errors.js';

/** The body's bytes, refusing another media type (415) and more than `limit` bytes (413, `tooLarge`). */
export async function readRawBody(ctx: Context, type: string, limit: number, tooLarge: string): Promise<Buffer> {
  if (!ctx.is(type)) throw new HttpError(415, `Send the ${type === 'application/octet-stream' ? 'file' : 'form'} as ${type}.`);
  // Refused before reading, when the client says its size.
  if (Number(ctx.get('Content-Length')) > limit) throw new HttpError(413, tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
