/**
 * Maintenance mode (issue 12 item 6): the General settings' checkbox. While it is on, every public
 * page answers 503 with one small page built once at start, and the public calls listed in
 * `refusedInMaintenance` answer 503 with the maintenance message; the console, its API calls and
 * /api/health go on as usual. Every process reads the setting at most once a second (a change
 * made through one process shows on every process within that), and the process that saved it at
 * once.
 */
import type { Context, Next } from 'koa';
import type { DataSource } from 'typeorm';
import { brand } from '@kafue/common/brand';
import { defaultGeneralSettings, messages, api } from '@kafue/common/contract';
import { contactFormPath } from '@kafue/common/contact-form';
import { generalSettingsKey, storedGeneralSettings } from './backup-schedule.js';
import { isApiPath, isConsolePath } from './http/static.js';
import { readSetting } from './stored-settings.js';

/**
 * The public calls refused during maintenance, `METHOD path` (the paths the public site calls;
 * the console's own calls never are). Adding one is one line here.
 */
export const refusedInMaintenance: readonly string[] = [
  `POST ${api.staffLogin}`,
  // The contact form: its JSON call, and the post a browser sends without JavaScript (answered
  // with the maintenance page, as any page is).
  `POST ${api.enquiries}`,
  `POST ${contactFormPath}`,
];

/** Seconds a client is told to wait (Retry-After). */
export const maintenanceRetrySeconds = 300;
/** How long a process trusts the setting it read. */
const ttlMs = 1000;

export class Maintenance {
  private on = false;
  private until = 0;
  private reading?: Promise<boolean>;

  constructor(private readonly db: DataSource) {}

  /** Whether maintenance mode is on (read from the database at most once per second). */
  async active(): Promise<boolean> {
    if (Date.now() < this.until) return this.on;
    this.reading ??= readSetting(this.db, generalSettingsKey, storedGeneralSettings, defaultGeneralSettings)
      .then(
        (settings) => {
          this.set(settings.maintenanceMode);
          return this.on;
        },
        // The database is away: keep the last known state (the calls that need it fail on their own).
        () => this.on,
      )
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  /** What this process saved (it need not wait for its next read). */
  set(on: boolean): void {
    this.on = on;
    this.until = Date.now() + ttlMs;
  }
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The maintenance page: brand, message, no script, no request beyond itself. */
export const maintenancePage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Under maintenance | ${escape(brand.company)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#f8fafc;color:#334155;line-height:1.6}
main{max-width:32rem;margin:1.5rem;padding:2.5rem 2rem;background:#fff;border:1px solid #e2e8f0;border-radius:16px;text-align:center}
.brand{margin:0 0 1.25rem;font-weight:800;font-size:1.25rem;color:#0f766e}
h1{margin:0 0 .75rem;font-size:1.75rem;color:#0f172a}
p{margin:0 0 .75rem}
a{color:#115e59}
</style>
</head>
<body>
<main>
<p class="brand">${escape(brand.company)}</p>
<h1>We'll be back soon</h1>
<p>${escape(messages.maintenance)}</p>
<p>Questions? Write to <a href="mailto:${escape(brand.email)}">${escape(brand.email)}</a>.</p>
</main>
</body>
</html>
`;

/** Before the files and the API: public pages and the refused calls answer 503 while maintenance is on. */
export function maintenanceGate(maintenance: Maintenance) {
  const refused = new Set(refusedInMaintenance);
  return async (ctx: Context, next: Next) => {
    const apiCall = isApiPath(ctx.path);
    const page = !apiCall && !isConsolePath(ctx.path) && (ctx.method === 'GET' || ctx.method === 'HEAD');
    const refusedCall = refused.has(`${ctx.method} ${ctx.path.replace(/\/+$/, '')}`);
    if ((page || refusedCall) && (await maintenance.active())) {
      ctx.status = 503;
      ctx.set('Retry-After', String(maintenanceRetrySeconds));
      ctx.set('Cache-Control', 'no-store');
      if (apiCall) {
        ctx.body = { message: messages.maintenance };
      } else {
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = maintenancePage; // Koa sends no body to HEAD
      }
      return;
    }
    await next();
  };
}
