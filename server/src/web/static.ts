/**
 * Serves the built public site (site/dist) and the console's web build (desktop/dist-web).
 * A missing build is a plain-text 503, not a crash.
 */
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, Next } from 'koa';
import { quotePagePath, sharedPreviewPath } from '@kafue/common/calls';
import { contactFormPath } from '@kafue/common/requests';
import { searchPath } from '@kafue/common/search';
import { isApiPath, isConsolePath } from '../http/paths.js';
import { goneStatus } from '@kafue/common/redirects';
import type { RedirectHit } from '../redirects/table.js';
import type { MemoryFile, SitePublisher } from '../site/publisher.js';

const immutable = 'public, max-age=31536000, immutable';

export async function fileAt(root: string, relative: string): Promise<{ path: string; stats: Stats } | undefined> {
  const path = resolve(root, '.' + sep + relative);
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  const stats = await statFile(path);
  return stats && { path, stats };
}

async function dirExists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Precompressed copies the builds write beside text files (scripts/precompress.mjs), best first. */
const encodings = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

async function statFile(path: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** The precompressed copy of `path` this request accepts, if the build wrote one. */
async function precompressed(ctx: Context, path: string) {
  for (const { encoding, suffix } of encodings) {
    const stats = await statFile(path + suffix);
    if (!stats) continue;
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings(encoding, 'identity') === encoding) return { path: path + suffix, stats, encoding };
  }
  return undefined;
}

export async function send(ctx: Context, file: { path: string; stats: Stats }, cacheControl: string, status = 200): Promise<void> {
  const encoded = await precompressed(ctx, file.path);
  const sent = encoded ?? file;
  const tag = `${file.stats.size.toString(16)}-${Math.floor(file.stats.mtimeMs).toString(16)}`;
  ctx.status = status;
  ctx.set('Cache-Control', cacheControl);
  ctx.set('ETag', `W/"${tag}${encoded ? `-${encoded.encoding}` : ''}"`);
  ctx.set('Last-Modified', file.stats.mtime.toUTCString());
  // Koa looks the extension up in mime-types (adding charset=utf-8 to text types).
  ctx.type = extname(file.path).toLowerCase();
  if (!ctx.type) ctx.type = 'application/octet-stream';
  if (status === 200 && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (encoded) ctx.set('Content-Encoding', encoded.encoding);
  ctx.body = ctx.method === 'HEAD' ? null : createReadStream(sent.path);
  ctx.length = sent.stats.size;
}

function notBuilt(ctx: Context, what: string): void {
  ctx.status = 503;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = `The ${what} has not been built yet. Run "npm run build" (or "npm start", which builds what is missing).\n`;
}

function plainNotFound(ctx: Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = 'Not found\n';
}

/** Decoded path segments, or undefined for anything odd (encoded slashes, dot segments, NUL). */
function cleanPath(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..')) return undefined;
  return segments.join('/');
}

/**
 * A page of the site from memory: brotli, gzip or as it is, whichever the request accepts best,
 * with a strong ETag per encoding (304 when the client holds it).
 */
export function sendMemoryFile(ctx: Context, file: MemoryFile): void {
  const encoding = (['br', 'gzip'] as const).find((e) => ctx.acceptsEncodings(e, 'identity') === e) ?? 'identity';
  const [body, suffix] = encoding === 'br' ? [file.br, '-br'] : encoding === 'gzip' ? [file.gzip, '-gz'] : [file.raw, ''];
  ctx.status = file.status;
  ctx.type = file.type;
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  ctx.set('ETag', `"${file.etag}${suffix}"`);
  if (file.status === 200 && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (suffix) ctx.set('Content-Encoding', encoding);
  ctx.body = body;
}

/** The build's pages and sitemap: with a publisher, memory answers for them (the built files are the seed's). */
const isBuiltPage = (relative: string) => relative.endsWith('.html') || relative === 'sitemap.xml' || relative === 'robots.txt';

type Found = { memory: MemoryFile } | { file: { path: string; stats: Stats }; cacheControl: string };

/** A page from memory: looked up without waiting, as the hottest path of the server. */
const memoryPage = (relative: string | undefined, site?: SitePublisher) =>
  site?.active && relative !== undefined ? site.file(`/${relative}`) : undefined;

/** What a GET of a site path (not the console's) answers with, when it names a page or file. */
async function findSiteFile(siteDir: string, relative: string | undefined, site?: SitePublisher): Promise<Found | undefined> {
  if (relative === undefined) return undefined;
  const cacheControl = relative.startsWith('assets/') ? immutable : 'no-cache';
  const page = memoryPage(relative, site);
  if (page) return { memory: page };
  const pageOnRequest = site?.active && site.pageOnRequest(`/${relative}`);
  if (pageOnRequest) return { memory: await pageOnRequest };
  if (site?.active) {
    if (isBuiltPage(relative)) return undefined;
    const file = await fileAt(siteDir, relative);
    return file && { file, cacheControl };
  }
  const file = (relative !== '' && (await fileAt(siteDir, relative))) || (await fileAt(siteDir, join(relative, 'index.html')));
  return file ? { file, cacheControl } : undefined;
}

/**
 * Whether a GET of `path` would find something (a page, a file, a console route): a path that
 * names nothing answers 404 to every method, one that names something 405 to a method it does
 * not take (web/methods.ts).
 */
export function namesSomething(siteDir: string, consoleDir: string, site?: SitePublisher) {
  return async (path: string): Promise<boolean> => {
    if (isApiPath(path)) return false;
    const relative = cleanPath(path);
    if (isConsolePath(path))
      return (
        relative !== undefined && (!relative.startsWith('admin/assets/') || !!(await fileAt(consoleDir, relative.slice('admin/'.length))))
      );
    return (await findSiteFile(siteDir, relative, site)) !== undefined;
  };
}

export function staticFiles(siteDir: string, consoleDir: string, site?: SitePublisher) {
  return async function serveStatic(ctx: Context, next: Next): Promise<void> {
    // The quote page and a share link's preview are rendered by their own calls for each visit (routes/quotes.ts, routes/content.ts).
    const ownCall = ctx.path.startsWith(`${quotePagePath}/`) || ctx.path.startsWith(`${sharedPreviewPath}/`);
    if (isApiPath(ctx.path) || ownCall || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      await next();
      return;
    }
    const relative = cleanPath(ctx.path);

    if (isConsolePath(ctx.path)) {
      if (!(await dirExists(consoleDir))) return notBuilt(ctx, 'console');
      if (relative === undefined) return plainNotFound(ctx);
      if (relative.startsWith('admin/')) {
        // Files of the console build live under /admin/ (Vite base '/admin/').
        const file = await fileAt(consoleDir, relative.slice('admin/'.length));
        if (file) return send(ctx, file, relative.startsWith('admin/assets/') ? immutable : 'no-cache');
        if (relative.startsWith('admin/assets/')) return plainNotFound(ctx);
      }
      const index = await fileAt(consoleDir, 'index.html');
      if (!index) return notBuilt(ctx, 'console');
      return send(ctx, index, 'no-cache');
    }

    // Most requests: a page prerendered in memory, found by one lookup.
    const page = memoryPage(relative, site);
    if (page) {
      // The contact page with a call to action's selection in its query is rendered on demand (and
      // kept); the plain contact page, like every other page, comes from memory.
      const selectionPage = ctx.querystring && `/${relative}` === contactFormPath ? site!.contactPage(ctx.querystring) : undefined;
      if (selectionPage) return sendMemoryFile(ctx, await selectionPage);
      // A page differs for browsers that ask to save data (no hero video): caches keep both.
      ctx.vary('Save-Data');
      const saving = ctx.get('Save-Data').toLowerCase() === 'on' ? site!.dataSavingPage(`/${relative}`) : undefined;
      return sendMemoryFile(ctx, saving ? await saving : page);
    }
    // The search page answers each query from the search index, rendered on demand.
    const searchPage = `/${relative}` === searchPath ? await site?.searchPage(ctx.querystring) : undefined;
    if (searchPage) return sendMemoryFile(ctx, searchPage);
    // Files, and the pages rendered on their first request (an article's, the later list pages).
    if (site?.active || (await dirExists(siteDir))) {
      const found = await findSiteFile(siteDir, relative, site);
      if (found) return 'memory' in found ? sendMemoryFile(ctx, found.memory) : send(ctx, found.file, found.cacheControl);
    }
    // No page here: a redirect (or a deleted service's 410) from memory, else the 404 page, counted.
    const redirect = site?.redirects.lookup(ctx.path);
    if (redirect) return sendRedirect(ctx, redirect, site!);
    site?.misses.count(ctx.path, ctx.get('Referer'));
    const page404 = site?.active && site.notFoundFile(ctx.path);
    if (page404) return sendMemoryFile(ctx, page404);
    if (!(await dirExists(siteDir))) return notBuilt(ctx, 'site');
    const file404 = await fileAt(siteDir, '404.html');
    if (file404) return send(ctx, file404, 'no-cache', 404);
    return plainNotFound(ctx);
  };
}

/**
 * A redirect from a path the site has no page at: its status and Location (the request's query
 * kept when the target has none: campaign tags survive), or the 410 page of a deleted service.
 */
async function sendRedirect(ctx: Context, redirect: RedirectHit, site: SitePublisher): Promise<void> {
  if (redirect.status === goneStatus) {
    const page = site.gonePage(ctx.path);
    if (page) return sendMemoryFile(ctx, await page);
    ctx.status = goneStatus;
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = 'Gone\n';
    return;
  }
  const to = ctx.querystring && !redirect.to.includes('?') ? redirect.to.replace(/(#.*)?$/, `?${ctx.querystring}$1`) : redirect.to;
  ctx.redirect(to);
  ctx.status = redirect.status;
  // Browsers keep a 301 for good without it: this one follows an edit of the redirect.
  ctx.set('Cache-Control', 'no-cache');
}
