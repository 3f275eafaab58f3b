/**
 * Clients' answers arriving at once (npx tsx bench/inbound-mail.ts in server): a real Dovecot
 * (test/dovecot.ts) as IMAP_URL's mailbox, watched by one MailboxWatcher on an embedded
 * PostgreSQL. BENCH_MESSAGES messages (default 1000) are appended as fast as one IMAP client can:
 * half answer one of 50 open enquiries by the reference in their subject, half come from
 * strangers and start enquiries. Prints how long the appending took and the time from the first
 * append until every message is kept on an enquiry. Target (the issue's): all threaded within
 * 60 s on one process, each once. Writes bench-results/server-inbound-mail.json.
 */
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { loadConfig } from '../src/config.js';
import { MailboxWatcher } from '../src/conversations/mailbox.js';
import { openDatabase } from '../src/db/data-source.js';
import { startEmbedded } from '../src/db/embedded.js';
import { startDovecot } from '../test/dovecot.js';
import { createDatabase, scratchDir, verdict, writeBenchResult } from './harness.js';

const count = Number(process.env.BENCH_MESSAGES ?? 1000);
const mailbox = 'office@bench.test';
const tmp = scratchDir('kafue-bench-inbound-');
const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
const imap = await startDovecot({ [mailbox]: 'bench-pass-1' });
let watcher: MailboxWatcher | undefined;
try {
  const url = await createDatabase(cluster.url, 'bench');
  const config = loadConfig({ DATABASE_URL: url, DATA_DIR: tmp });
  const database = await openDatabase(config, () => undefined, url);
  const db = database.dataSource;
  try {
    const open = await db.query<{ id: string }[]>(
      `INSERT INTO enquiries (full_name, email, message, status) SELECT 'Client ' || i, 'client' || i || '@bench.test', 'Hello.', 'Open'
         FROM generate_series(1, 50) i RETURNING id`,
    );
    watcher = new MailboxWatcher(db, { url: imap.url(mailbox), publicUrl: config.publicUrl }, console);
    watcher.start();
    for (const end = Date.now() + 30_000; ;) {
      const [state] = await db.query<{ uid_validity: string }[]>(`SELECT uid_validity::text FROM mailbox_state`);
      if (state && state.uid_validity !== '0') break;
      if (Date.now() > end) throw new Error('the mailbox was not watched within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const started = performance.now();
    await imap.session(mailbox, async (client) => {
      for (let i = 0; i < count; i++) {
        const answer = i % 2 === 0;
        const to = open[i % open.length].id;
        const source = [
          `From: ${answer ? `Client <client${(i % 50) + 1}@bench.test>` : `Stranger ${i} <stranger${i}@elsewhere.test>`}`,
          `To: ${mailbox}`,
          `Subject: ${answer ? `Re: your quote [Ref ${to.slice(0, 8).toUpperCase()}]` : `A question ${i}`}`,
          `Message-ID: <bench-${i}@bench.test>`,
          `Date: ${new Date().toUTCString()}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          `Message ${i}.`,
          '',
        ].join('\r\n');
        await client.append('INBOX', source);
      }
    });
    const appendSeconds = (performance.now() - started) / 1000;
    let kept = 0;
    for (const end = Date.now() + 300_000; Date.now() < end;) {
      [{ kept }] = await db.query<[{ kept: number }]>(`SELECT count(*)::int AS kept FROM enquiry_messages`);
      if (kept >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    const [{ distinct, enquiriesStarted }] = await db.query<[{ distinct: number; enquiriesStarted: number }]>(
      `SELECT (SELECT count(DISTINCT external_id)::int FROM enquiry_messages) AS distinct,
              (SELECT count(*)::int FROM enquiries WHERE kind = 'email') AS "enquiriesStarted"`,
    );
    const figures = { messages: count, appendSeconds, seconds, kept, distinct, enquiriesStarted };
    console.log(
      `${count} messages appended in ${appendSeconds.toFixed(1)} s; all ${kept} kept on their enquiries ${seconds.toFixed(1)} s ` +
        `after the first (${distinct} distinct, ${enquiriesStarted} enquiries started)`,
    );
    verdict(kept === count && distinct === count && enquiriesStarted === count / 2 && seconds <= 60, `every message once, within 60 s`);
    writeBenchResult('server-inbound-mail.json', figures);
  } finally {
    await watcher?.stop();
    await database.close();
  }
} finally {
  await imap.stop();
  await cluster.stop();
  rmSync(tmp, { recursive: true, force: true });
}
