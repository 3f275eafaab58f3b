/** An SMTP server in the test's process (smtp-server), keeping what it receives. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';

/**
 * smtp-server holds every new connection 100 ms before its greeting, to catch clients that talk
 * before it (init()); the sender opens a connection per mail, so the newsletter test's 1,000 mails
 * waited 100 s for it. This test server greets at once; the rest of the exchange is smtp-server's.
 */
const connection = SMTPConnection.prototype as unknown as { _setListeners(ready: () => void): void; connectionReady(): void };
Object.assign(connection, {
  init(this: typeof connection) {
    this._setListeners(() => this.connectionReady());
  },
});

interface Received {
  to: string[];
  raw: string;
}

/** An SMTP server that keeps what it receives; `up` false refuses connections (closed port). */
export class Smtp {
  received: Received[] = [];
  port = 0;
  private server?: SMTPServer;

  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  to(address: string) {
    return this.received.filter((r) => r.to.includes(address));
  }
}

/** A header's value from a raw message (folded lines joined). */
export const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r\\n[ \\t].*)*)`, 'mi')
    .exec(raw)?.[1]
    .replace(/\r\n[ \t]/g, ' ')
    .trim();

/** A raw message with quoted-printable soft breaks and escapes undone. */
export const decoded = (raw: string) =>
  raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The text body of a raw message, decoded. */
export const bodyOf = (raw: string) => decoded(raw.slice(raw.indexOf('\r\n\r\n') + 4));
