/** Saved replies: the texts a reply starts from (placeholders are filled by the console, common/src/replies.ts). */
import type { DataSource } from 'typeorm';
import type { SavedReply } from '@kafue/common/schemas';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { notFound } from '../http/errors.js';

interface Row {
  id: string;
  name: string;
  subject: string;
  body: string;
  updated_at: Date;
}
const columns = `id, name, subject, body, updated_at`;
const toSavedReply = (r: Row): SavedReply => ({
  _id: r.id,
  name: r.name,
  subject: r.subject,
  body: r.body,
  updatedAt: r.updated_at.toISOString(),
});

type Fields = Pick<SavedReply, 'name' | 'subject' | 'body'>;

/** Every saved reply, by name (a company keeps a few dozen at most). */
export async function listSavedReplies(db: DataSource): Promise<SavedReply[]> {
  const rows = await db.query<Row[]>(`SELECT ${columns} FROM saved_replies ORDER BY lower(name), id`);
  return rows.map(toSavedReply);
}

const target = (s: SavedReply) => ({ type: 'saved_reply', id: s._id, label: s.name });

export async function createSavedReply(db: DataSource, fields: Fields, audit: AuditRecorder): Promise<SavedReply> {
  return db.transaction(async (m) => {
    const [row] = await m.query<Row[]>(`INSERT INTO saved_replies (name, subject, body) VALUES ($1, $2, $3) RETURNING ${columns}`, [
      fields.name,
      fields.subject,
      fields.body,
    ]);
    const created = toSavedReply(row);
    await audit(m, { action: 'saved_reply.create', target: target(created), changes: diff(null, fields) });
    return created;
  });
}

/** Answers the saved reply changed (404 when there is none). */
export async function updateSavedReply(db: DataSource, id: string, fields: Fields, audit: AuditRecorder): Promise<SavedReply> {
  return db.transaction(async (m) => {
    const [old] = await m.query<Row[]>(`SELECT ${columns} FROM saved_replies WHERE id = $1 FOR UPDATE`, [id]);
    if (!old) throw notFound();
    const [[row]] = await m.query<[Row[], number]>(
      `UPDATE saved_replies SET name = $2, subject = $3, body = $4, updated_at = now() WHERE id = $1 RETURNING ${columns}`,
      [id, fields.name, fields.subject, fields.body],
    );
    const before = toSavedReply(old);
    const after = toSavedReply(row);
    await audit(m, { action: 'saved_reply.update', target: target(after), changes: diff(before, after, ['name', 'subject', 'body']) });
    return after;
  });
}

/** Deletes a saved reply (404 when there is none). */
export async function deleteSavedReply(db: DataSource, id: string, audit: AuditRecorder): Promise<void> {
  await db.transaction(async (m) => {
    const [[row]] = await m.query<[Row[], number]>(`DELETE FROM saved_replies WHERE id = $1 RETURNING ${columns}`, [id]);
    if (!row) throw notFound();
    const gone = toSavedReply(row);
    await audit(m, { action: 'saved_reply.delete', target: target(gone), changes: diff({ name: gone.name, subject: gone.subject }, null) });
  });
}
