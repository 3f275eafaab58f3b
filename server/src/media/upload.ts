/**
 * Reads an upload (multipart/form-data, one `file` and optionally its `alt` text, nothing else) as it streams
 * in, with busboy: the type is sniffed from the first bytes, and the size limit of that kind is
 * enforced as they arrive, so that a file too large is refused without being read whole.
 */
import busboy from 'busboy';
import type { Context } from 'koa';
import { messages } from '@kafue/common/contract';
import { imageTypes, mediaLimits, mediaMessages, type MediaKind, type MediaType } from '@kafue/common/media';
import { HttpError } from '../http/errors.js';
import { sniff, sniffBytes } from './sniff.js';

export interface Upload {
  filename: string;
  type: MediaType;
  kind: MediaKind;
  bytes: Buffer;
  alt?: string;
}

const kindOf = (type: MediaType): MediaKind => ((imageTypes as readonly string[]).includes(type) ? 'image' : 'video');
const tooLarge = (kind: MediaKind) => new HttpError(413, kind === 'image' ? mediaMessages.imageTooLarge : mediaMessages.videoTooLarge);
/** Room for the multipart boundaries and the alt field around the file. */
const envelopeBytes = 64 * 1024;

/** The file's type from its first bytes, or the refusal. */
function typeOf(head: Buffer): MediaType {
  const found = sniff(head);
  if (found === 'svg') throw new HttpError(415, mediaMessages.svg);
  if (!found) throw new HttpError(415, mediaMessages.unsupported);
  return found;
}

export function receiveUpload(ctx: Context): Promise<Upload> {
  if (!ctx.is('multipart/form-data')) throw new HttpError(415, 'Send the file as multipart/form-data.');
  if (Number(ctx.get('Content-Length')) > mediaLimits.video + envelopeBytes) throw tooLarge('video');
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // The rest of the body is not read: the connection closes after the answer.
      ctx.req.unpipe(parser);
      ctx.req.resume();
      ctx.set('Connection', 'close');
      reject(error instanceof HttpError ? error : new HttpError(400, mediaMessages.noFile));
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        // One part more than a file and its alt text: a field the call does not know is seen, and refused.
        limits: { files: 1, fields: 2, fieldSize: 2000, parts: 3, fileSize: mediaLimits.video },
      });
    } catch {
      throw new HttpError(400, mediaMessages.noFile);
    }
    let alt: string | undefined;
    let upload: Omit<Upload, 'alt'> | undefined;
    const unknown = (name: string) => new HttpError(400, messages.invalidInput, { [name]: messages.unknownField });
    parser.on('field', (name, value) => {
      if (name === 'alt') alt = value;
      else fail(unknown(name));
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        fail(unknown(name));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let type: MediaType | undefined;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        chunks.push(chunk);
        size += chunk.length;
        try {
          if (!type && size >= sniffBytes) type = typeOf(Buffer.concat(chunks).subarray(0, sniffBytes));
          if (type && size > mediaLimits[kindOf(type)]) throw tooLarge(kindOf(type));
        } catch (error) {
          fail(error);
        }
      });
      stream.on('limit', () => fail(tooLarge(type ? kindOf(type) : 'video')));
      stream.on('end', () => {
        if (settled) return;
        if (size === 0) return fail(new HttpError(400, mediaMessages.noFile));
        const bytes = Buffer.concat(chunks);
        try {
          type ??= typeOf(bytes);
        } catch (error) {
          return fail(error);
        }
        upload = { filename: info.filename?.slice(0, 255) || 'upload', type, kind: kindOf(type), bytes };
      });
    });
    parser.on('close', () => {
      if (settled) return;
      if (!upload) return fail(new HttpError(400, mediaMessages.noFile));
      settled = true;
      resolve({ ...upload, alt });
    });
    parser.on('error', fail);
    ctx.req.pipe(parser);
  });
}
