/**
 * A real IMAP server for the inbound-mail tests: Debian's Dovecot (package dovecot-imapd, which
 * .ci/run installs), started in the foreground in a temporary folder on a free port of 127.0.0.1,
 * with Maildir mailboxes and plain passwords, as the mail tests start their SMTP capture. Messages
 * reach a mailbox by IMAP APPEND, as a delivery would put them there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

const binary = '/usr/sbin/dovecot';
const mailUser = 65534;

export interface Dovecot {
  port: number;
  /** IMAP_URL for `user`'s INBOX. */
  url(user: string): string;
  /** Runs `work` on an IMAP session of `user`'s, logged out after it (a bench appends many at once). */
  session<T>(user: string, work: (imap: ImapFlow) => Promise<T>): Promise<T>;
  /** Puts a message (its source) in `user`'s INBOX; answers its UID. */
  deliver(user: string, source: string): Promise<number>;
  /** Whether the message's \Seen flag is set (nobody may mark what the server took as read). */
  seen(user: string, uid: number): Promise<boolean>;
  /** Stops the server (connections drop) and starts it again on the same port and mail. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Resolves once the port takes connections. */
async function listening(port: number, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > end) throw new Error(`Dovecot did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `port`: the IMAP port to listen on (a browser suite's, known before it starts); a free one by default. */
export async function startDovecot(users: Record<string, string>, options: { port?: number } = {}): Promise<Dovecot> {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: install Debian's dovecot-imapd (.ci/run does)`);
  const dir = mkdtempSync(join(tmpdir(), 'kafue-dovecot-'));
  // Dovecot's auth process runs as its own user (dovecot): it must reach the password file.
  chmodSync(dir, 0o755);
  const port = options.port ?? (await freePort());
  for (const sub of ['run', 'state', 'mail']) mkdirSync(join(dir, sub));
  // Dovecot never reads mail as root: the mailboxes belong to nobody (uid and gid 65534).
  chownSync(join(dir, 'mail'), mailUser, mailUser);
  writeFileSync(
    join(dir, 'users'),
    Object.entries(users)
      .map(([user, password]) => `${user}:{PLAIN}${password}::::::\n`)
      .join(''),
  );
  writeFileSync(
    join(dir, 'dovecot.conf'),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = kafue-test-${port}
log_path = ${dir}/log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovenull
default_internal_user = dovecot
mail_location = maildir:${dir}/mail/%u
first_valid_uid = 1
first_valid_gid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/users
}
userdb {
  driver = static
  args = uid=${mailUser} gid=${mailUser} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
}
service anvil {
  chroot =
}
`,
  );
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
    await listening(port);
  };
  const halt = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  const client = async <T>(user: string, work: (imap: ImapFlow) => Promise<T>): Promise<T> => {
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass: users[user] },
      logger: false,
    });
    await imap.connect();
    try {
      return await work(imap);
    } finally {
      await imap.logout();
    }
  };
  return {
    port,
    session: client,
    url: (user) => `imap://${encodeURIComponent(user)}:${encodeURIComponent(users[user])}@127.0.0.1:${port}/INBOX`,
    deliver: (user, source) =>
      client(user, async (imap) => {
        const appended = await imap.append('INBOX', source.replace(/\r?\n/g, '\r\n'));
        if (!appended || !appended.uid) throw new Error('APPEND gave no UID');
        return appended.uid;
      }),
    seen: (user, uid) =>
      client(user, async (imap) => {
        const lock = await imap.getMailboxLock('INBOX', { readOnly: true });
        try {
          const message = await imap.fetchOne(String(uid), { flags: true }, { uid: true });
          return !!message && !!message.flags?.has('\\Seen');
        } finally {
          lock.release();
        }
      }),
    restart: async () => {
      await halt();
      await start();
    },
    stop: async () => {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
