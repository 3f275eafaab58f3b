/** Saved replies: the texts a reply starts from (placeholders are filled by the console, common/src/replies.ts). */
import type { DataSource, EntityManager } from 'typeorm';
import type { SavedReply } from '@kafue/common/schemas';

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

export async function createSavedReply(m: EntityManager, fields: Fields): Promise<SavedReply> {
  const [row] = await m.query<Row[]>(`INSERT INTO saved_replies (name, subject, body) VALUES ($1, $2, $3) RETURNING ${columns}`, [
    fields.name,
    fields.subject,
    fields.body,
  ]);
  return toSavedReply(row);
}

/** Answers the saved reply before and after the change; undefined when there is none. */
export async function updateSavedReply(m: EntityManager, id: string, fields: Fields) {
  const [old] = await m.query<Row[]>(`SELECT ${columns} FROM saved_replies WHERE id = $1 FOR UPDATE`, [id]);
  if (!old) return undefined;
  const [row] = await m.query<[Row[], number]>(
    `UPDATE saved_replies SET name = $2, subject = $3, body = $4, updated_at = now() WHERE id = $1 RETURNING ${columns}`,
    [id, fields.name, fields.subject, fields.body],
  );
  return { before: toSavedReply(old), after: toSavedReply(row[0]) };
}

/** Answers what it was; undefined when there was none. */
export async function deleteSavedReply(m: EntityManager, id: string): Promise<SavedReply | undefined> {
  const [rows] = await m.query<[Row[], number]>(`DELETE FROM saved_replies WHERE id = $1 RETURNING ${columns}`, [id]);
  return rows[0] && toSavedReply(rows[0]);
}
