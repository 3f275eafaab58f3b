/**
 * Test harness: a fresh, migrated database per test server (on the run's one PostgreSQL), the
 * real Koa app on an ephemeral port, and a small HTTP client that keeps its session like a
 * browser (cookie) or the desktop app (bearer token).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createServer as createTcpServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import { expect, inject, onTestFinished, vi } from 'vitest';
import { api, type AdminRole, type StaffRole, type StaffStatus } from '@kafue/common/contract';
import { allEndpoints, createHandler } from '../src/app.js';
import { hashPassword, lowCostVariable, oncePerCost } from '../src/auth/passwords.js';
import { createSession, Sessions } from '../src/auth/sessions.js';
import { loadConfig, type Config, repoRoot } from '../src/config.js';
import { openDatabase } from '../src/db/data-source.js';
import { MailSender } from '../src/mail/sender.js';
import type { Endpoint } from '../src/web/endpoint.js';
import type { Lifecycle } from '../src/deps.js';
import { Maintenance } from '../src/maintenance/maintenance.js';
import { observePublish } from '../src/metrics.js';
import { SitePublisher } from '../src/site/publisher.js';
import { Collector, collectorBatch } from '../src/analytics/collector.js';
import { MediaFiles } from '../src/media/serve.js';
import { MediaRenditions } from '../src/media/renditions.js';

export const password = 'correct horse battery';

/** A new service, valid for the content API (content.test.ts) and the pages it publishes (site.test.ts). */
export const sampleService = {
  category: 'Web',
  title: 'Website Care Plan',
  price: '$49/mo',
  description: 'Updates, backups and small changes to your website every month.',
  features: ['Monthly updates', 'Daily backups'],
  details: 'We look after your site so you do not have to.',
};

/**
 * Creates a database on the test cluster; answers its URL. 'migrated': a copy of the run's
 * template, which all the migrations have made (global-setup.ts), for tests about anything else;
 * 'empty': as PostgreSQL creates one, for tests of migrating it or of what the server does on a
 * database it has never seen.
 */
export async function createDatabase(kind: 'migrated' | 'empty'): Promise<string> {
  const adminUrl = inject('pgUrl');
  const name = `t_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(kind === 'migrated' ? `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}` : `CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/** A TCP relay in front of PostgreSQL that a test can cut and restore (a database outage). */
export class Outage {
  private sockets = new Set<Socket>();
  private server = createTcpServer((client) => this.relay(client));
  port = 0;
  constructor(private target: { host: string; port: number }) {}

  private relay(client: Socket) {
    const upstream = connect(this.target.port, this.target.host);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  listen(port = 0): Promise<void> {
    return new Promise((resolve) =>
      this.server.listen(port, '127.0.0.1', () => {
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      }),
    );
  }

  /** The database goes away: open connections drop, new ones are refused. */
  cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  restore(): Promise<void> {
    this.server = createTcpServer((client) => this.relay(client));
    return this.listen(this.port);
  }
}

export interface TestServer {
  url: string;
  db: DataSource;
  config: Config;
  databaseUrl: string;
  /** Everything the server logged, one JSON object per line. */
  logs: string[];
  /** As serve.ts holds it: set draining to see the server as after SIGTERM. */
  lifecycle: Lifecycle;
  outage?: Outage;
  /** The route table the app mounts. */
  endpoints: Endpoint[];
  /** The server's clock (TOTP steps): `at` set, the server reads that time; unset, the real one. */
  clock: { at?: number };
  /** The public pages of this server (rendered from the database). */
  site: SitePublisher;
  /** The beacons this server keeps for its next batch (`flush()` writes them at once). */
  analytics: Collector;
  client(): Client;
  /** Inserts an admin (password `password`) and answers a client signed in as them. */
  admin(role: AdminRole, email?: string): Promise<{ client: Client; id: string; email: string }>;
  /** Inserts a staff user (password `password`, already chosen) and a signed-in client. */
  staff(options?: { status?: StaffStatus; role?: StaffRole; mustChangePassword?: boolean; email?: string }): Promise<{
    client: Client;
    id: string;
    email: string;
  }>;
  close(): Promise<void>;
}

/** The hash of `password`, one per cost (vitest.config.ts: the low test cost unless a test asks for the real one). */
const hashOfPassword = oncePerCost(() => hashPassword(password));

/**
 * For a test about hashing itself (its time, its cost, races that its time opens): password
 * hashes made from here to the end of the test, and the stand-in hash, take argon2's production
 * cost, not the low one that vitest.config.ts sets for the suite.
 */
export function productionHashCost(): void {
  vi.stubEnv(lowCostVariable, undefined);
  onTestFinished(() => void vi.unstubAllEnvs());
}
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++counter}-${Math.random().toString(36).slice(2, 7)}@kafue.test`;

export async function startTestServer(
  options: {
    configure?: (config: Config) => void;
    withOutage?: boolean;
    /** Another server's database (as a second server process on it); a fresh one by default. */
    databaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const databaseUrl = options.databaseUrl ?? (await createDatabase('migrated'));
  let url = databaseUrl;
  let outage: Outage | undefined;
  if (options.withOutage) {
    const target = new URL(databaseUrl);
    outage = new Outage({ host: target.hostname, port: Number(target.port) });
    await outage.listen();
    target.port = String(outage.port);
    url = target.toString();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'kafue-test-data-'));
  const config = loadConfig({});
  config.dataDir = dataDir;
  config.siteDir = join(dataDir, 'no-site');
  config.consoleDir = join(dataDir, 'no-console');
  options.configure?.(config);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const database = await openDatabase(config, () => undefined, url);
  const db = database.dataSource;
  const sessions = await Sessions.open(db, logger);
  const lifecycle: Lifecycle = { draining: false };
  const maintenance = new Maintenance(db);
  const clock: { at?: number } = {};
  const site = await SitePublisher.open({
    db,
    logger,
    siteDir: config.siteDir,
    siteUrl: config.siteUrl,
    onPublished: config.metricsToken ? observePublish : undefined,
  });
  const now = () => clock.at ?? Date.now();
  const analytics = new Collector(db, {
    ...collectorBatch,
    now,
    perMinute: config.limits.beaconsPerMinute,
    onError: (err) => logger.error({ err }, 'analytics'),
  });
  const renditions = await MediaRenditions.start(db, logger);
  const media = await MediaFiles.open(db, logger);
  const deps = { db, sessions, config, logger, lifecycle, maintenance, site, analytics, media, now };
  const handle = createHandler(deps);
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    db,
    config,
    databaseUrl,
    logs,
    lifecycle,
    outage,
    endpoints: allEndpoints(deps),
    clock,
    site,
    analytics,
    client: () => new Client(base),
    async admin(role, email = uniqueEmail('admin')) {
      const [row] = await db.query<{ id: string }[]>(
        `INSERT INTO admins (name, email, role, password_hash) VALUES ($1, $2, $3, $4) RETURNING id`,
        [`${role} ${counter}`, email, role, await hashOfPassword()],
      );
      const token = await createSession(db, { adminId: row.id }, 1);
      return { client: new Client(base, token), id: row.id, email };
    },
    async staff({ status = 'Active', role = 'Staff', mustChangePassword = false, email = uniqueEmail('staff') } = {}) {
      const [row] = await db.query<{ id: string }[]>(
        `INSERT INTO staff_users (name, email, role, status, must_change_password, password_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [`Staff ${counter}`, email, role, status, mustChangePassword, await hashOfPassword()],
      );
      const token = await createSession(db, { staffId: row.id }, 1);
      return { client: new Client(base, token), id: row.id, email };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await site.close();
      await analytics.close();
      await renditions.close();
      await media.close();
      await sessions.close();
      await database.close();
      await outage?.cut();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test server whose public pages are rendered with the site's build (`npm run build -w site`). */
export const startSiteTestServer = () =>
  startTestServer({
    configure: (config) => {
      config.siteDir = resolve(repoRoot, 'site/dist');
    },
  });

/** A public page as a browser without compression gets it. */
export const sitePage = (t: Pick<TestServer, 'client'>, path: string, headers: Record<string, string> = {}) =>
  t.client().get(path, { 'accept-encoding': 'identity', ...headers });

/**
 * Expects what a preview (the console's, or a share link's) answers with besides its page: HTML
 * that nothing caches or indexes, opened as a sandbox (no scripts, a unique origin) under the
 * site's own content policy, which allows the site's scripts alone.
 */
export async function expectPreviewHeaders(t: Pick<TestServer, 'client'>, answer: Answer): Promise<void> {
  const directives = (a: Answer) =>
    (a.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean);
  const site = directives(await sitePage(t, '/'));
  expect(site).toContain("script-src 'self' 'inline-speculation-rules'");
  expect({
    type: answer.headers.get('content-type'),
    cache: answer.headers.get('cache-control'),
    robots: answer.headers.get('x-robots-tag'),
    policy: directives(answer),
  }).toEqual({ type: 'text/html; charset=utf-8', cache: 'no-store', robots: 'noindex, nofollow', policy: ['sandbox', ...site] });
}

/** Text of HTML as React writes it: entities back to characters. */
const textOf = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The contact form as a served page shows it, its templates aside (what the form's island shows
 * with JavaScript): where it posts, the request its island sends, the text of the request shown
 * above it, and the note under its button (sent or error) with its text.
 */
export function contactFormOf(html: string) {
  const page = html.replace(/<template[\s\S]*?<\/template>/g, '');
  const form = /<form class="contact-form"[^>]*>/.exec(page)![0];
  const attribute = (name: string) => {
    const value = new RegExp(`\\s${name}="([^"]*)"`).exec(form)?.[1];
    return value === undefined ? undefined : textOf(value);
  };
  const shows = /<div class="your-request">([\s\S]*?)<\/div>/.exec(page)?.[1];
  const status = /<div role="status" class="form-status">([\s\S]*?)<\/div>/.exec(page)![1];
  const kind = status.includes('class="sent-note"') ? 'sent' : status.includes('class="error-note"') ? 'error' : undefined;
  return {
    action: attribute('action'),
    request: attribute('data-request'),
    shows: shows && textOf(shows.replace(/<[^>]*>/g, ' ')),
    note: kind && { kind, text: textOf(status.replace(/<[^>]*>/g, '')) },
  };
}

/**
 * Polls the public page at `path` until it satisfies `check` (publishing is asynchronous; the
 * publish bench measures how fast), for at most 10 s: its HTML.
 */
export async function eventuallyServed(
  t: Pick<TestServer, 'client'>,
  path: string,
  check: (html: string, status: number) => boolean,
): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const answer = await sitePage(t, path);
    if (check(answer.text, answer.status)) return answer.text;
    if (Date.now() > until) throw new Error(`${path} never showed the change; last answer ${answer.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Runs `work` while a mail sender of this process delivers (as serve.ts's does; the test server
 * runs none): a call that waits on its mail's delivery (the test mail) gets its answer at once.
 */
export async function withMailSender<T>(t: Pick<TestServer, 'db' | 'config'>, work: () => Promise<T>): Promise<T> {
  const sender = new MailSender(t.db, t.config, pino({ level: 'silent' }));
  sender.start();
  try {
    return await work();
  } finally {
    await sender.stop();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the server's answers untyped and assert on them
type Untyped = any;

export interface Answer<T = Untyped> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** An HTTP client holding a session: a cookie, as a browser does, or a bearer token. */
export class Client {
  bearer?: string;
  constructor(
    readonly base: string,
    /** Session token sent as the kafue_session cookie. */
    public cookie?: string,
  ) {}

  async call<T = Untyped>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined && typeof body !== 'string') h['content-type'] ??= 'application/json';
    if (typeof body === 'string') h['content-type'] ??= 'application/json';
    if (this.cookie) h.cookie = `kafue_session=${this.cookie}`;
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`;
    const response = await fetch(this.base + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('kafue_session='));
    if (setCookie) {
      const value = setCookie.split(';')[0].slice('kafue_session='.length);
      this.cookie = value || undefined;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }

  get = <T = Untyped>(path: string, headers?: Record<string, string>) => this.call<T>('GET', path, undefined, headers);
  post = <T = Untyped>(path: string, body?: unknown, headers?: Record<string, string>) => this.call<T>('POST', path, body ?? {}, headers);
  put = <T = Untyped>(path: string, body?: unknown, headers?: Record<string, string>) => this.call<T>('PUT', path, body ?? {}, headers);
  delete = <T = Untyped>(path: string, headers?: Record<string, string>) => this.call<T>('DELETE', path, undefined, headers);
  /** A form posted as a browser without JavaScript (or a mail program) sends it: application/x-www-form-urlencoded. */
  postForm = <T = Untyped>(path: string, fields: Record<string, string> | string, headers?: Record<string, string>) =>
    this.call<T>('POST', path, typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    });

  /** Signs in through the API (admin or staff), keeping the session cookie. */
  async signIn(kind: 'admin' | 'staff', email: string, pass = password): Promise<Answer> {
    return this.post(kind === 'admin' ? api.adminLogin : api.staffLogin, { email, password: pass });
  }
}

/**
 * One request through node:http, for what fetch cannot send: a method it forbids (TRACE), or a
 * request from another loopback source address (127.0.0.2...: all of 127.0.0.0/8 reaches a
 * server on 127.0.0.1), as a client elsewhere.
 */
export function rawRequest(url: string, options: { method: string; body?: unknown; localAddress?: string }): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method,
        localAddress: options.localAddress,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of [value ?? []].flat()) headers.append(name, v);
          }
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode!, body, headers, text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `read()`'s first truthy answer, tried every 100 ms for `ms` at most (then an error naming `what`). */
export async function until<T>(what: string, read: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
