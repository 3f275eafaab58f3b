/**
 * The enquiries as CSV (GET /api/enquiries/export): the inbox's filters and sort, every match,
 * made by PostgreSQL itself and streamed.
 */
import { PassThrough, type Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DataSource } from 'typeorm';
import { enquiryKindLabels } from '@kafue/common/requests';
import { poolOf } from '../db/data-source.js';
import { enquiryFrom, orderBy, whereOf, type ListQuery } from './enquiries.js';

const csvHeader = [
  'Received',
  'Full Name',
  'Email',
  'Phone',
  'Service',
  'Status',
  'Assignee',
  'Message',
  'Read',
  'Kind',
  'Request',
  'Page',
];

/** The kind in plain words (constants of common, written into the statement). */
const kindLabel = `CASE e.kind ${Object.entries(enquiryKindLabels)
  .map(([kind, label]) => `WHEN '${kind}' THEN '${label}'`)
  .join(' ')} END`;

/**
 * The SQL of a text cell: text a spreadsheet would run as a formula (leading =, +, -, @, tab or
 * carriage return) gets a leading apostrophe, as csvCell (common/csv.ts) does for the audit log's
 * export; NULL stays NULL (an empty cell).
 */
const csvText = (column: string) =>
  `CASE WHEN left(${column}, 1) IN ('=', '+', '-', '@', chr(9), chr(13)) THEN '''' || ${column} ELSE ${column} END`;
const csvTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A value as an SQL literal (COPY takes no parameters): strings escaped by the driver. */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value instanceof Date) return `${client.escapeLiteral(value.toISOString())}::timestamptz`;
  if (Array.isArray(value)) return `ARRAY[${value.map((v) => literal(client, v)).join(', ')}]::varchar[]`;
  return client.escapeLiteral(String(value));
}

/**
 * Every enquiry the query matches, as CSV made by PostgreSQL itself (COPY ... TO STDOUT, one
 * statement, one snapshot), streamed to the client as it comes off the connection: the server
 * holds a socket buffer at a time, whatever the count, and builds no row objects. The
 * connection is held until the copy ends; a client that goes away ends it.
 */
export async function exportCsv(db: DataSource, query: ListQuery): Promise<Readable> {
  const where = await whereOf(db, query);
  const client = await poolOf(db).connect();
  const columns = [
    csvTime('e.created_at'),
    csvText('e.full_name'),
    csvText('e.email'),
    csvText('e.phone'),
    csvText('e.service'),
    'e.status',
    csvText('s.name'),
    csvText('e.message'),
    csvTime('e.read_at'),
    kindLabel,
    csvText('e.request_summary'),
    csvText('e.page'),
  ].map((sql, i) => `${sql} AS "${csvHeader[i]}"`);
  const whereSql = where.sql.replace(/\$(\d+)/g, (_, n: string) => literal(client, where.values[Number(n) - 1]));
  const copy = client.query(
    copyTo(
      `COPY (SELECT ${columns.join(', ')} FROM ${enquiryFrom} WHERE ${whereSql} ORDER BY ${orderBy(query.sort)})
       TO STDOUT WITH (FORMAT csv, HEADER true)`,
    ),
  );
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    // With an error the connection is closed, not reused: that also stops a copy midway.
    client.release(error);
  };
  const out = new PassThrough();
  out.write('\uFEFF');
  copy.on('error', (error: Error) => {
    release(error);
    out.destroy(error);
  });
  copy.on('end', () => release());
  out.on('close', () => release(released ? undefined : new Error('CSV export ended before the copy')));
  copy.pipe(out);
  return out;
}
