/**
 * Dovecot (dovecot.ts) as a process of its own, for the console's browser suite, whose test
 * server watches USER's INBOX on 127.0.0.1:PORT as its IMAP_URL. A test puts a client's mail in
 * that mailbox through CONTROL_PORT: `POST /deliver` with the message's source as the body
 * (answers its UID). Stops on SIGTERM, as Playwright's webServer stops it.
 */
import { createServer } from 'node:http';
import { startDovecot } from './dovecot.js';

const { PORT, CONTROL_PORT, USER, PASSWORD } = process.env;
if (!PORT || !CONTROL_PORT || !USER || !PASSWORD) throw new Error('PORT, CONTROL_PORT, USER and PASSWORD are required');
const dovecot = await startDovecot({ [USER]: PASSWORD }, { port: Number(PORT) });
const control = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/ready') return void res.end('ready');
  if (req.method !== 'POST' || req.url !== '/deliver') return void res.writeHead(404).end();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    dovecot.deliver(USER, Buffer.concat(chunks).toString('utf8')).then(
      (uid) => res.end(String(uid)),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
});
control.listen(Number(CONTROL_PORT), '127.0.0.1', () => console.log(`Dovecot on ${dovecot.port}, its control on ${CONTROL_PORT}`));
process.once('SIGTERM', () => void dovecot.stop().then(() => process.exit(0)));
