/**
 * Several server processes on one database behind a load balancer, for the rolling-restart test
 * and bench: the balancer, a mixed load of reads and writes, and the rolling restart itself.
 *
 * The balancer does what HAProxy or nginx would: it checks each backend's /api/ready every
 * `checkMs` and sends each request to the next ready backend (round robin). A 200 makes a backend
 * ready and a 503 not ready, at once; a check that gets no answer counts only third in a row
 * (HAProxy's "fall 3": one slow answer under load is no reason to send everyone elsewhere).
 * Like nginx's proxy_next_upstream, a request that got no answer goes to another backend when
 * the backend cannot have seen it (connection refused) or when it is idempotent (GET, PUT,
 * DELETE); a POST once written to a connection is never sent twice, even on a reused keep-alive
 * connection that was reset: the backend may have stored it before its connection was cut (a
 * process stopping cuts requests still open after 10 s), and a second send would store it twice.
 * The client sees its connection fail instead.
 */
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { api, type StaffUser } from '@kafue/common/contract';
import type { Running } from './spawn-server.js';

/** Headers about one connection, not the request (RFC 9110 section 7.6.1). */
const hopByHop = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];
const endToEnd = (headers: IncomingMessage['headers']) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.includes(name)));

/** A failure after which the request may go to another backend. */
class Retry extends Error {}
const idempotent = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export class Balancer {
  private readonly backends = new Map<string, { ready: boolean; failedChecks: number }>();
  /** Answers per backend, kept after it is removed. */
  private readonly answers = new Map<string, number>();
  private readonly agent = new Agent({ keepAlive: true });
  private readonly server = createServer((req, res) => void this.forward(req, res));
  private next = 0;
  private timer?: NodeJS.Timeout;
  url = '';

  constructor(private readonly checkMs = 100) {}

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.schedule();
  }

  /** The next round of checks, `checkMs` after the last one ended (a slow one does not pile up). */
  private schedule(): void {
    this.timer = setTimeout(() => {
      void this.check().then(() => this.timer && this.schedule());
    }, this.checkMs);
  }

  remove(backend: string): void {
    this.backends.delete(backend);
  }

  /** Answers served by backend so far. */
  served(backend: string): number {
    return this.answers.get(backend) ?? 0;
  }

  /** Adds backend; resolves once the balancer has seen it ready. */
  async addReady(backend: string, timeoutMs = 60_000): Promise<void> {
    this.backends.set(backend, { ready: false, failedChecks: 0 });
    for (const started = Date.now(); !this.backends.get(backend)?.ready;) {
      if (Date.now() - started > timeoutMs) throw new Error(`${backend} did not become ready`);
      await new Promise((r) => setTimeout(r, this.checkMs));
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    this.agent.destroy();
  }

  private async check(): Promise<void> {
    await Promise.all(
      [...this.backends].map(async ([url, backend]) => {
        const ok = await fetch(url + api.ready, { signal: AbortSignal.timeout(5000) }).then(
          async (answer) => {
            await answer.body?.cancel();
            return answer.ok;
          },
          () => undefined,
        );
        backend.failedChecks = ok === undefined ? backend.failedChecks + 1 : 0;
        backend.ready = ok ?? (backend.ready && backend.failedChecks < 3);
      }),
    );
  }

  private pick(tried: Set<string>): string | undefined {
    const ready = [...this.backends].filter(([url, b]) => b.ready && !tried.has(url)).map(([url]) => url);
    return ready.length ? ready[this.next++ % ready.length] : undefined;
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Bodies here are small JSON: read whole, so that a request can go to another backend.
    const body = Buffer.concat((await req.toArray()) as Buffer[]);
    const tried = new Set<string>();
    for (let backend = this.pick(tried); backend; backend = this.pick(tried)) {
      tried.add(backend);
      try {
        await this.send(backend, req, body, res);
        return;
      } catch (error) {
        if (!(error instanceof Retry)) {
          res.destroy();
          return;
        }
        const b = this.backends.get(backend);
        if (b) b.ready = false;
      }
    }
    res.writeHead(503, { 'content-type': 'text/plain' }).end('no backend is ready');
  }

  /** Rejects with Retry when the request may go to another backend. */
  private send(backend: string, req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<void> {
    return new Promise((resolve, reject) => {
      const out = request(backend + req.url, { method: req.method, headers: endToEnd(req.headers), agent: this.agent });
      let answered = false;
      out.on('response', (answer) => {
        answered = true;
        this.answers.set(backend, this.served(backend) + 1);
        res.writeHead(answer.statusCode!, endToEnd(answer.headers));
        answer.pipe(res);
        answer.on('end', () => resolve());
        answer.on('error', reject);
      });
      out.on('error', (error: NodeJS.ErrnoException) => {
        const unseen = error.code === 'ECONNREFUSED';
        reject(!answered && (unseen || idempotent.has(req.method!)) ? new Retry(error.message) : error);
      });
      out.end(body);
    });
  }
}

export interface Load {
  /** Answers as expected (200, 201 for a create). */
  ok: number;
  /** Any other answer or a failed connection, with what happened. */
  failed: string[];
  /** Acknowledged creates: email -> the name of the last acknowledged update (or the create). */
  acknowledged: Map<string, string>;
  /** Stops the load; resolves when every request in flight has its answer. */
  stop(): Promise<void>;
}

let loads = 0;

/**
 * One client per member (seedStaff), in parallel until stopped: reading the staff list and
 * renaming its own member, 3 reads to 1 write; every tenth write creates a new member instead
 * (a create hashes a one-time password: costly by design, so not more often).
 */
export function mixedLoad(url: string, token: string, members: StaffUser[]): Load {
  const run = ++loads; // new members' emails unique across runs on one database
  const load: Load = { ok: 0, failed: [], acknowledged: new Map(), stop: async () => undefined };
  let running = true;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, expected: number, body?: unknown): Promise<unknown> => {
    try {
      const answer = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await answer.text();
      if (answer.status === expected) {
        load.ok++;
        return JSON.parse(text);
      }
      load.failed.push(`${method} ${path}: ${answer.status} ${text.slice(0, 100)}`);
    } catch (error) {
      load.failed.push(`${method} ${path}: ${error instanceof Error ? `${error.message} ${String(error.cause)}` : String(error)}`);
    }
    return undefined;
  };
  const client = async (mine: StaffUser, i: number) => {
    for (let n = 0; running; n++) {
      // Creates spread over the clients' turns, not all at once.
      if ((n + i) % 40 === 39) {
        const person = { name: `Load ${i} ${n}`, email: `load${run}-${i}-${n}@kafue.test`, role: 'Staff', status: 'Active' };
        if (await call('POST', api.staff, 201, person)) load.acknowledged.set(person.email, person.name);
      } else if (n % 4 === 3) {
        const renamed = { name: `Load ${i} ${n}`, email: mine.email, role: mine.role, status: mine.status };
        if (await call('PUT', api.staffById(mine._id), 200, renamed)) load.acknowledged.set(mine.email, renamed.name);
      } else {
        await call('GET', api.staff, 200);
      }
    }
  };
  const clients = members.map(client);
  load.stop = async () => {
    running = false;
    await Promise.all(clients);
  };
  return load;
}

async function withDatabase<T>(databaseUrl: string, use: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}

/** A bearer token of the admin, signed in at url. */
export async function signInBearer(url: string, admin: { email: string; password: string }): Promise<string> {
  const answer = await fetch(url + api.adminLogin, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...admin, session: 'bearer' }),
  });
  if (!answer.ok) throw new Error(`sign-in: ${answer.status}`);
  return ((await answer.json()) as { token: string }).token;
}

/** `count` staff members for mixedLoad, written straight to the database (no password hashing). */
export function seedStaff(databaseUrl: string, count: number): Promise<StaffUser[]> {
  return withDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query<StaffUser>(
      `INSERT INTO staff_users (name, email, role, status, password_hash)
       SELECT 'Seed ' || i, 'seed' || i || '@kafue.test', 'Staff', 'Active', 'none' FROM generate_series(1, $1) AS i
       RETURNING id AS "_id", name, email, role, status`,
      [count],
    );
    return rows;
  });
}

/** The acknowledged writes that the database does not hold as acknowledged. */
export function lostWrites(databaseUrl: string, acknowledged: Map<string, string>): Promise<string[]> {
  return withDatabase(databaseUrl, async (db) => {
    const { rows } = await db.query<{ email: string; name: string }>('SELECT email, name FROM staff_users');
    const stored = new Map(rows.map((r) => [r.email, r.name]));
    return [...acknowledged].filter(([email, name]) => stored.get(email) !== name).map(([email, name]) => `${email}: ${name}`);
  });
}

/**
 * Replaces the process serving behind the balancer: starts the new one, waits until the balancer
 * sees it ready, then SIGTERMs the old one and waits for it to exit (it drains first). Answers
 * the new process and the old one's exit code.
 */
export async function rollingRestart(
  balancer: Balancer,
  old: Running,
  start: () => Promise<Running>,
): Promise<{ running: Running; exitCode: number | null }> {
  const running = await start();
  await balancer.addReady(running.url);
  const exitCode = await old.stop('SIGTERM');
  balancer.remove(old.url);
  return { running, exitCode };
}
