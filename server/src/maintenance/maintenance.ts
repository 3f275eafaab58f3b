/**
 * Maintenance mode: the General settings' checkbox. While it is on, every public
 * page answers 503 with one small page (naming the company's email as its profile has it), and the calls whose declaration says
 * `refusedInMaintenance` (web/endpoint.ts) answer 503 too; the console, its API calls and
 * /api/health go on as usual. Every process reads the setting at most once a second (a change
 * made through one process shows on every process within that), and the process that saved it at
 * once.
 */
import type { Context, Next } from 'koa';
import type { DataSource } from 'typeorm';
import { brand } from '@kafue/common/brand';
import { defaultCompany } from '@kafue/common/company';
import { messages } from '@kafue/common/contract';
import { isApiPath, isConsolePath } from '../http/paths.js';
import { readCompanyProfile, readGeneralSettings } from '../settings/settings.js';

/** Seconds a client is told to wait (Retry-After). */
export const maintenanceRetrySeconds = 300;
/** How long a process trusts the setting it read. */
const ttlMs = 1000;

export class Maintenance {
  private on = false;
  private until = 0;
  private reading?: Promise<boolean>;
  /** The maintenance page, with the company's email as last read. */
  page = maintenancePage(defaultCompany.email);

  constructor(private readonly db: DataSource) {}

  /** Whether maintenance mode is on (read from the database at most once per second, with the company's email the page gives). */
  async active(): Promise<boolean> {
    if (Date.now() < this.until) return this.on;
    this.reading ??= Promise.all([readGeneralSettings(this.db), readCompanyProfile(this.db)])
      .then(
        ([settings, company]) => {
          this.page = maintenancePage(company.email);
          this.set(settings.maintenanceMode);
          return this.on;
        },
        // The database is away: keep the last known state (the calls that need it fail on their own).
        () => this.on,
      )
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  /** Whether the setting last read (within the second) says off: known without waiting. */
  knownOff(): boolean {
    return !this.on && Date.now() < this.until;
  }

  /** What this process saved (it need not wait for its next read). */
  set(on: boolean): void {
    this.on = on;
    this.until = Date.now() + ttlMs;
  }
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The maintenance page: brand, message, the company's email, no script, no request beyond itself. */
export const maintenancePage = (email: string) => `<!doctype html>
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
<p>Questions? Write to <a href="mailto:${escape(email)}">${escape(email)}</a>.</p>
</main>
</body>
</html>
`;

/**
 * The 503 answer of maintenance mode: on an API path the maintenance message, elsewhere (a page,
 * or the contact form posted without JavaScript) the maintenance page.
 */
export function answerMaintenance(ctx: Context, page: string): void {
  ctx.status = 503;
  ctx.set('Retry-After', String(maintenanceRetrySeconds));
  ctx.set('Cache-Control', 'no-store');
  if (isApiPath(ctx.path)) {
    ctx.body = { message: messages.maintenance };
  } else {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page; // Koa sends no body to HEAD
  }
}

/**
 * Before the files: public pages answer 503 while maintenance mode is on. The calls refused are
 * refused by the endpoint runner, from the declaration the router matched, so that a path
 * reaches the same decision however it is written.
 */
export function maintenanceGate(maintenance: Maintenance) {
  return async (ctx: Context, next: Next) => {
    const page = !isApiPath(ctx.path) && !isConsolePath(ctx.path) && (ctx.method === 'GET' || ctx.method === 'HEAD');
    if (page && (await maintenance.active())) {
      answerMaintenance(ctx, maintenance.page);
      return;
    }
    await next();
  };
}
