/**
 * The files a client's message brings (table enquiry_attachments): kept with the message, each up
 * to 10 MB and 25 MB a message (attachmentLimits); the type read from the first bytes, never
 * taken from the sender's word; programs and scripts refused. A refused file is kept as a row
 * without its bytes, saying why, so that the timeline notes it. Downloaded by the team only, as
 * bytes to save (routes/replies.ts), never shown in a page.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { TimelineEntry } from '@kafue/common/leads';
import { attachmentLimits } from '@kafue/common/schemas';
import { sniff, sniffBytes } from '../media/sniff.js';

type Db = DataSource | EntityManager;

export interface InboundFile {
  fileName: string;
  content: Buffer;
  /** Its size as its sender gave it, when it was too large to fetch (`content` is then empty). */
  size?: number;
}

/** What file names alone say is a program or a script, whatever the bytes (a .js is text). */
const runnable = /\.(exe|com|bat|cmd|scr|pif|msi|msp|dll|cpl|jar|js|jse|vbs|vbe|wsf|wsh|ps1|psm1|sh|hta|lnk|reg|apk|app|scf|inf)$/i;

const startsWith = (content: Buffer, ...bytes: number[]) => bytes.every((b, i) => content[i] === b);

/** A program by its first bytes: Windows (MZ), Linux (ELF), macOS (Mach-O), or a script with a #! line. */
function isProgram(content: Buffer): boolean {
  return (
    startsWith(content, 0x4d, 0x5a) ||
    startsWith(content, 0x7f, 0x45, 0x4c, 0x46) ||
    [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(content.length >= 4 ? content.readUInt32BE(0) : 0) ||
    startsWith(content, 0x23, 0x21)
  );
}

/** Valid UTF-8 without control bytes other than tab, line breaks and form feed. */
function isText(content: Buffer): boolean {
  if (content.some((b) => b < 0x09 || (b > 0x0d && b < 0x20))) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/**
 * The file's type as its first bytes say: the media library's photographs and videos (its sniff),
 * then what else clients send (PDF, GIF, Office and zip files); text when it is UTF-8 without
 * control bytes; else bytes.
 */
export function typeOf(content: Buffer, fileName: string): string {
  const media = sniff(content.subarray(0, sniffBytes));
  if (media) return media === 'svg' ? 'image/svg+xml' : media;
  const ascii = content.subarray(0, 6).toString('latin1');
  if (ascii.startsWith('%PDF-')) return 'application/pdf';
  if (ascii === 'GIF87a' || ascii === 'GIF89a') return 'image/gif';
  if (startsWith(content, 0x50, 0x4b, 0x03, 0x04)) {
    // Office documents are zip files: their name tells which.
    const office: Record<string, string> = {
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    };
    return office[fileName.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/zip';
  }
  return isText(content) ? 'text/plain; charset=utf-8' : 'application/octet-stream';
}

/**
 * Keeps a message's files, in `m`'s transaction: each over 10 MB, each past the 25 MB a message
 * may bring, and every program or script is a row that says why, without its bytes.
 */
export async function keepAttachments(m: EntityManager, enquiryId: string, messageId: string, files: InboundFile[]): Promise<void> {
  let total = 0;
  for (const [position, file] of files.entries()) {
    // A name to save under: no folder, no control characters.
    const fileName =
      [...file.fileName]
        .map((c) => (c < ' ' || c === '\u007f' || c === '/' || c === '\\' ? '_' : c))
        .join('')
        .slice(0, 255) || 'attachment';
    const size = file.size ?? file.content.length;
    let refused: string | null = null;
    if (runnable.test(fileName) || isProgram(file.content)) refused = 'a program or script: refused to protect your computers';
    else if (size > attachmentLimits.fileBytes) refused = 'over 10 MB: ask the client for a link instead';
    else if (total + size > attachmentLimits.messageBytes) refused = 'past the 25 MB a message may bring: ask the client to send it apart';
    else total += size;
    await m.query(
      `INSERT INTO enquiry_attachments (message_id, enquiry_id, position, file_name, content_type, size, data, refused)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [messageId, enquiryId, position, fileName, typeOf(file.content, fileName), size, refused ? null : file.content, refused],
    );
  }
}

/** A file as the timeline lists it (the contract's type). */
type AttachmentInfo = NonNullable<TimelineEntry['message']>['attachments'][number];

/** An enquiry's files (without their bytes), by the message that brought them. */
export async function attachmentsOf(db: Db, enquiryId: string): Promise<Map<string, AttachmentInfo[]>> {
  const rows = await db.query<
    { id: string; message_id: string; file_name: string; size: number; content_type: string; refused: string | null }[]
  >(`SELECT id, message_id, file_name, size, content_type, refused FROM enquiry_attachments WHERE enquiry_id = $1 ORDER BY position, id`, [
    enquiryId,
  ]);
  const byMessage = new Map<string, AttachmentInfo[]>();
  for (const r of rows) {
    const info: AttachmentInfo = {
      _id: r.id,
      fileName: r.file_name,
      size: r.size,
      type: r.content_type,
      ...(r.refused ? { refused: r.refused } : {}),
    };
    byMessage.set(r.message_id, [...(byMessage.get(r.message_id) ?? []), info]);
  }
  return byMessage;
}

/** A kept file with its bytes; undefined for none, a refused one, or (with `assigneeId`) another staff member's enquiry. */
export async function attachmentFile(
  db: Db,
  enquiryId: string,
  attachmentId: string,
  assigneeId?: string,
): Promise<{ fileName: string; data: Buffer } | undefined> {
  const [row] = await db.query<{ file_name: string; data: Buffer }[]>(
    `SELECT a.file_name, a.data FROM enquiry_attachments a JOIN enquiries e ON e.id = a.enquiry_id
      WHERE a.id = $1 AND a.enquiry_id = $2 AND a.data IS NOT NULL ${assigneeId ? 'AND e.assignee_id = $3' : ''}`,
    assigneeId ? [attachmentId, enquiryId, assigneeId] : [attachmentId, enquiryId],
  );
  return row && { fileName: row.file_name, data: row.data };
}
