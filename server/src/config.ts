/**
 * Settings read from the environment, once, in one place (design.md "Running it").
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brand } from '@kafue/common/brand';

/**
 * The repository root: the nearest folder above this file whose package.json declares the
 * workspaces (this file runs from server/src with tsx, or bundled from server/dist).
 */
export const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(start: string): string {
  for (let dir = start; dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
  }
  return resolve(start, '../..');
}

export interface Config {
  port: number;
  host: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  production: boolean;
  /** Trust X-Forwarded-* headers (only behind a reverse proxy that sets them). */
  trustProxy: boolean;
  /** Origins besides the server's own that may make cookie requests (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins: string[];
  siteDir: string;
  /** The public site's address in canonical links and the sitemap (SITE_URL, as the site's build reads it). */
  siteUrl: string | undefined;
  consoleDir: string;
  logLevel: string;
  /** Bearer token that /metrics asks for; unset, there is no /metrics. */
  metricsToken: string | undefined;
  /** After SIGTERM: seconds of serving while /api/ready answers 503, for balancers to move off. */
  drainSeconds: number;
  /**
   * The address people reach this server at (PUBLIC_URL), for links in mails: password reset
   * links are never built from the request's Host header, which a client chooses. Unset:
   * http://localhost:PORT (development and tests).
   */
  publicUrl: string;
  /** SMTP server of outgoing mail (smtp:// or smtps://, credentials in it); unset: mail goes to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  /** The sender's address; its display name is the Site Name. */
  mailFrom: string;
  /**
   * pawaPay's Merchant API (PAWAPAY_TOKEN, its bearer token; PAWAPAY_URL, https://api.pawapay.io
   * unless set, e.g. to https://api.sandbox.pawapay.io); unset token: quotes cannot be paid online.
   */
  pawapay: { url: string; token: string; /** How long a call may take (15 s; tests shorten it). */ timeoutMs?: number } | undefined;
  /**
   * The mailbox clients' answers reach (IMAP_URL: imap:// or imaps://user:password@host:port/INBOX,
   * user and password URL-encoded); unset: inbound mail is off. `pollSeconds`: how often it is read
   * besides IDLE (60; tests shorten it).
   */
  imap: { url: string; pollSeconds?: number } | undefined;
  /**
   * WhatsApp's Cloud API: WHATSAPP_TOKEN (a system user's access token), WHATSAPP_PHONE_NUMBER_ID,
   * WHATSAPP_APP_SECRET (signs Meta's notifications) and WHATSAPP_VERIFY_TOKEN (the webhook's
   * verification), all four or none; WHATSAPP_API_URL, the Graph API's base with its version
   * (https://graph.facebook.com/v23.0 unless set). Unset: WhatsApp is off.
   */
  whatsapp: WhatsAppConfig | undefined;
  /** Size of the disk quota the dashboard's Storage Used compares the database with (STORAGE_QUOTA_MB). */
  storageQuotaMb: number;
  limits: Limits;
}

export interface WhatsAppConfig {
  url: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
}

/** The four WhatsApp settings, all or none (one missing is a mistake to say at start, not a channel half on). */
function whatsappOf(env: NodeJS.ProcessEnv): WhatsAppConfig | undefined {
  const names = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;
  const missing = names.filter((name) => !env[name]);
  if (missing.length === names.length) return undefined;
  if (missing.length) throw new Error(`WhatsApp needs all four of ${names.join(', ')}: ${missing.join(', ')} not set`);
  const url = (env.WHATSAPP_API_URL || 'https://graph.facebook.com/v23.0').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(url)) throw new Error('WHATSAPP_API_URL must be an http(s) address, e.g. https://graph.facebook.com/v23.0');
  return {
    url,
    token: env.WHATSAPP_TOKEN!,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
    appSecret: env.WHATSAPP_APP_SECRET!,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
  };
}

export interface Limits {
  /** Largest accepted request body. */
  bodyBytes: number;
  /** Largest backup file a restore accepts (the one body read past bodyBytes, into a temporary file, not memory). */
  backupUploadBytes: number;
  /** Absolute lifetime of a session. */
  sessionHours: number;
  /** Failed sign-ins allowed per account from one client address within the window before 429 (for that pair). */
  failuresPerAccount: number;
  /** Failed sign-ins allowed per client address, whatever the accounts, within the window before 429. */
  failuresPerAddress: number;
  /** Failed sign-ins allowed per account from all addresses within the window before 429 (a guess spread over many). */
  failuresPerAccountCeiling: number;
  failureWindowMinutes: number;
  /** Enquiries accepted per client address within the enquiry window (then 429). */
  enquiriesPerAddress: number;
  enquiryWindowMinutes: number;
  /** Password reset requests allowed per account within the sign-in window (past it, nothing more is mailed, silently). */
  resetsPerAccount: number;
  /** Password reset requests allowed per client address within the sign-in window before 429. */
  resetsPerAddress: number;
  /** Analytics beacons counted per client address a minute, per server process (then 429). */
  beaconsPerMinute: number;
}

export const defaultLimits: Limits = {
  bodyBytes: 64 * 1024,
  // A media library at the default storage quota (1 GB) is about 1.4 GB in a backup (base64).
  backupUploadBytes: 4 * 1024 * 1024 * 1024,
  sessionHours: 12,
  failuresPerAccount: 5,
  failuresPerAddress: 30,
  failuresPerAccountCeiling: 50,
  failureWindowMinutes: 15,
  enquiriesPerAddress: 5,
  enquiryWindowMinutes: 10,
  resetsPerAccount: 3,
  resetsPerAddress: 10,
  beaconsPerMinute: 120,
};

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** PUBLIC_URL without a trailing slash; only http(s) origins with an optional path. */
function publicUrl(value: string | undefined, port: number): string {
  if (!value) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) URL, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new Error(`PUBLIC_URL must be an http(s) URL without query, fragment or credentials, got "${value}"`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** IMAP_URL, checked at start (the error never repeats the password). */
function imapUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Said below without the value, which holds a password.
  }
  if (!url || (url.protocol !== 'imap:' && url.protocol !== 'imaps:') || !url.hostname || !url.username) {
    throw new Error('IMAP_URL must be imap://user:password@host:port/INBOX or imaps://..., user and password URL-encoded');
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 5000, 'PORT'),
    host: env.HOST || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR || resolve(repoRoot, '.data')),
    adminEmail: env.ADMIN_EMAIL?.trim() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    production: env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    siteDir: resolve(env.SITE_DIR || resolve(repoRoot, 'site/dist')),
    siteUrl: env.SITE_URL || undefined,
    consoleDir: resolve(env.CONSOLE_DIR || resolve(repoRoot, 'desktop/dist-web')),
    logLevel: env.LOG_LEVEL || 'info',
    metricsToken: env.METRICS_TOKEN || undefined,
    drainSeconds: int(env.DRAIN_SECONDS, 5, 'DRAIN_SECONDS'),
    publicUrl: publicUrl(env.PUBLIC_URL, int(env.PORT, 5000, 'PORT')),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM?.trim() || `no-reply@${brand.mailDomain}`,
    pawapay: env.PAWAPAY_TOKEN
      ? { url: (env.PAWAPAY_URL || 'https://api.pawapay.io').replace(/\/+$/, ''), token: env.PAWAPAY_TOKEN }
      : undefined,
    imap: env.IMAP_URL ? { url: imapUrl(env.IMAP_URL) } : undefined,
    whatsapp: whatsappOf(env),
    storageQuotaMb: int(env.STORAGE_QUOTA_MB, 1024, 'STORAGE_QUOTA_MB') || 1024,
    limits: {
      ...defaultLimits,
      failuresPerAccount: int(env.SIGNIN_FAILURES_PER_ACCOUNT, defaultLimits.failuresPerAccount, 'SIGNIN_FAILURES_PER_ACCOUNT'),
      failuresPerAddress: int(env.SIGNIN_FAILURES_PER_ADDRESS, defaultLimits.failuresPerAddress, 'SIGNIN_FAILURES_PER_ADDRESS'),
      failuresPerAccountCeiling: int(
        env.SIGNIN_FAILURES_PER_ACCOUNT_CEILING,
        defaultLimits.failuresPerAccountCeiling,
        'SIGNIN_FAILURES_PER_ACCOUNT_CEILING',
      ),
      beaconsPerMinute: int(env.BEACONS_PER_MINUTE, defaultLimits.beaconsPerMinute, 'BEACONS_PER_MINUTE'),
    },
  };
}
