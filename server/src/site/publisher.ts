/**
 * The public site's pages, rendered by this process from the database with the site's own SSR
 * build and kept in memory, precompressed (brotli and gzip, once per publish). A change to the
 * content or to the company profile (NOTIFY content_changed, from any process on the database, this one included)
 * re-renders the pages that show the changed collections, compresses those whose HTML changed,
 * and swaps the whole set in at once: a visitor gets the old page or the new one. One render runs
 * at a time, and at most one waits, holding every change that arrived meanwhile (bursts
 * coalesce). An article's page and the list pages after the first are rendered on first request
 * instead, and kept until articles change: with a thousand articles, a publish still renders only
 * the few pages every visitor reaches. A service's positional address (/service/Web/2) is rendered
 * on request too. The publisher also holds the site's redirects (redirects/table.ts) and counts
 * its 404s (redirects/misses.ts), and renders the page a deleted service's address answers (410).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { SiteStatus } from '@kafue/common/contract';
import type { SiteSource } from '@kafue/common/ssr';
import { articleFeedPath } from '@kafue/common/articles';
import { searchPath } from '@kafue/common/search';
import { saveDataMarker } from '@kafue/common/hero';
import { matchPage, pageCollections } from '@kafue/common/pages';
import { isServicePosition } from '@kafue/common/service-addresses';
import { contactFormPath, parseSelection, selectionQuery } from '@kafue/common/requests';
import { contentCollections, isCategoryKey, isContentCollection, type ContentCollection } from '@kafue/common/vocabulary';
import { ChannelListener } from '../db/listener.js';
import { HttpError } from '../http/errors.js';
import { contentChannel, loadSiteContent } from '../content/published.js';
import { resolveSelection } from '../enquiries/requests.js';
import { reindexSearch, searchSite } from '../search/search.js';
import { NotFoundCounter } from '../redirects/misses.js';
import { RedirectTable } from '../redirects/table.js';
import { loadRenderer, type Renderer } from './renderer.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/**
 * How hard compression works: for a page kept and sent many times, brotli 10, not 11 (2% larger,
 * four times faster: 45 ms, not 175 ms, for a 68 KB page here), for publishing within a second;
 * for a page rendered for one request (a search), light levels that take a millisecond or two.
 */
const compression = { kept: { brotli: 10, gzip: 9 }, once: { brotli: 4, gzip: 6 } } as const;

/** One file of the site as served from memory: its bytes as they are and precompressed. */
export interface MemoryFile {
  type: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Strong validator of the content (the encodings add their suffix). */
  etag: string;
  status: number;
  /** The page's data as JSON: a page whose data did not change is not rendered again. */
  data?: string;
}

/** The 404 page's key in the page set. */
const notFoundKey = '404';
/** The key of the service page's own 404 ('Service not found'), for any service that does not exist. */
const serviceNotFoundKey = 'service-404';
/** A service page path no service has: the page renders its not-found text (the same for every such path). */
const missingServicePath = '/service/-/-';
/** Contact pages with a selection kept rendered at once (the oldest goes first): what the buttons link to, and a few more. */
const maxSelectionPages = 200;
/** Pages rendered on request kept at once (the oldest goes first): about 40 KB each, a few times that precompressed. */
const maxPagesOnRequest = 500;

/** Pages rendered on first request: an article's, a list of articles after its first page, a service's positional address. */
function renderedOnRequest(path: string): boolean {
  const { page, params } = matchPage(path);
  return (
    page === 'article' ||
    (page === 'insights' && params.page !== undefined) ||
    (page === 'serviceDetail' && isServicePosition(params.key ?? ''))
  );
}

export interface PublisherOptions {
  db: DataSource;
  logger: Logger;
  /** The site's client build (site/dist); the SSR build is beside it (dist-ssr). */
  siteDir: string;
  siteUrl?: string;
  /** Called after each publish with its duration in seconds (the metric of metrics.ts). */
  onPublished?: (seconds: number) => void;
}

async function memoryFile(
  text: string,
  type: string,
  status = 200,
  data?: string,
  effort: keyof typeof compression = 'kept',
): Promise<MemoryFile> {
  const raw = Buffer.from(text);
  const level = compression[effort];
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: level.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzipped(raw, { level: level.gzip }),
  ]);
  const etag = createHash('sha256').update(raw).digest('base64url').slice(0, 22);
  return { type, raw, br, gzip: gz, etag, status, data };
}

export class SitePublisher {
  /** Path ('/', '/services', '/sitemap.xml', ... and '404') -> file. Replaced whole at each publish. */
  private files = new Map<string, MemoryFile>();
  /**
   * The contact page with a selection, by its normalized query, rendered on first request and
   * kept until the next publish (whose catalogue may resolve it differently).
   */
  private selectionPages = new Map<string, Promise<MemoryFile>>();
  /** The content the pages in `files` show, and the pages rendered from it on request (renderedOnRequest). */
  private content?: SiteSource;
  private knownOnRequest = new Set<string>();
  /** The page paths the sitemap in `files` lists. */
  private sitemapKey = '';
  private pagesOnRequest = new Map<string, Promise<MemoryFile>>();
  /** Pages as served to browsers that ask to save data, made on first request and kept until the next publish. */
  private dataSavingPages = new Map<string, Promise<MemoryFile>>();
  /** The page a deleted service's address answers (410), by its category, made on first request and kept until the next publish. */
  private gonePages = new Map<string, Promise<MemoryFile>>();
  /** The site's redirects as this process answers them. */
  readonly redirects: RedirectTable;
  /** The site's 404s, counted. */
  readonly misses: NotFoundCounter;
  private renderer?: Renderer;
  private queued: Set<ContentCollection | '*'> | undefined;
  private running?: Promise<void>;
  private rendering = false;
  private lastPublishedAt: Date | null = null;
  private lastDurationMs: number | null = null;
  private pagesRendered = 0;
  /** Publishes done by this process (renders that swapped a page set in). */
  publishes = 0;
  private closed = false;
  private readonly listener: ChannelListener;

  private constructor(private readonly options: PublisherOptions) {
    this.redirects = new RedirectTable(options.db, options.logger);
    this.misses = new NotFoundCounter(options.db, options.logger);
    this.listener = new ChannelListener(options.db, contentChannel, {
      notified: (payload) => {
        const collection = payload ?? '*';
        this.request(isContentCollection(collection) ? collection : '*');
      },
      lost: (wasListening, error) => {
        if (wasListening) options.logger.warn({ err: error?.message }, 'site: listening connection lost; reconnecting');
      },
      // A reconnection: whatever changed while nobody listened is unknown, so render everything.
      listening: () => {
        if (!this.listener.listening && this.files.size > 0) this.request(...contentCollections);
      },
    });
  }

  /** Loads the SSR build, renders every page, and listens for changes. */
  static async open(options: PublisherOptions): Promise<SitePublisher> {
    // The search index of /search, brought up to date with content that came another way (a
    // migration's seed, or the first start after the index was added).
    await options.db.transaction((m) => reindexSearch(m, ['*']));
    const publisher = new SitePublisher(options);
    await publisher.redirects.open();
    publisher.renderer = await loadRenderer(options.siteDir, options.siteUrl);
    if (!publisher.renderer) {
      options.logger.warn('site: no SSR build (site/dist-ssr); serving site/dist as built. Run "npm run build -w site".');
      return publisher;
    }
    await publisher.listener.start();
    publisher.request('*');
    await publisher.settled();
    return publisher;
  }

  /** The site's pages are rendered here (false: no SSR build, the built files are served). */
  get active(): boolean {
    return this.renderer !== undefined;
  }

  /** The file served at a path ('/services', '/sitemap.xml'). */
  file(path: string): MemoryFile | undefined {
    return this.files.get(path);
  }

  /** The 404 page for a path no file answers: a service page's own for a service path, else the site's. */
  notFoundFile(path: string): MemoryFile | undefined {
    return this.files.get(matchPage(path).page === 'serviceDetail' ? serviceNotFoundKey : notFoundKey);
  }

  status(): SiteStatus {
    return {
      state: this.rendering || this.queued ? 'rendering' : 'idle',
      lastPublishedAt: this.lastPublishedAt?.toISOString() ?? null,
      lastDurationMs: this.lastDurationMs,
      pagesRendered: this.pagesRendered,
    };
  }

  /** Asks for the pages showing these collections to be rendered again ('*': every page). */
  request(...collections: (ContentCollection | '*')[]): void {
    if (!this.renderer || this.closed) return;
    this.queued ??= new Set();
    for (const c of collections) this.queued.add(c);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves when no render runs or waits. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queued) {
      const changed = this.queued;
      this.queued = undefined;
      this.rendering = true;
      const started = performance.now();
      try {
        this.pagesRendered = await this.publish(changed);
        this.lastDurationMs = Math.round((performance.now() - started) * 10) / 10;
        this.lastPublishedAt = new Date();
        this.publishes++;
        this.options.onPublished?.(this.lastDurationMs / 1000);
      } catch (error) {
        // The pages served stay as they were; the next change (or reconnection) tries again.
        this.options.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'site: publishing failed');
      } finally {
        this.rendering = false;
      }
    }
  }

  /** Renders the pages the change touches, and swaps the new set in. Answers how many were rendered. */
  private async publish(changed: Set<ContentCollection | '*'>): Promise<number> {
    const renderer = this.renderer!;
    const content = await loadSiteContent(this.options.db);
    const all = changed.has('*') || this.files.size === 0;
    const touches = (path: string) => all || pageCollections[matchPage(path).page].some((c) => changed.has(c));
    const paths = renderer.pagePaths(content);
    const onRequest = paths.filter(renderedOnRequest);
    const eager = paths.filter((path) => !renderedOnRequest(path));
    const next = new Map<string, MemoryFile>();
    let rendered = 0;
    const keep = async (key: string, text: () => Promise<string> | string, type: string, status = 200, data?: string) => {
      const old = this.files.get(key);
      const fresh = await text();
      next.set(key, old && old.raw.equals(Buffer.from(fresh)) ? old : await memoryFile(fresh, type, status, data));
    };
    const html = 'text/html; charset=utf-8';
    await Promise.all(
      eager.map(async (path) => {
        const old = this.files.get(path);
        if (old && !touches(path)) return void next.set(path, old);
        const data = renderer.pageData(path, content);
        // Its render time aside (every page has one, for the footer's form): a page showing the same data is kept.
        const json = JSON.stringify({ ...data, startedAt: undefined });
        if (old && old.data === json) return void next.set(path, old);
        rendered++;
        await keep(path, async () => (await renderer.renderPage(path, content, data)).html, html, 200, json);
      }),
    );
    // The 404 pages and robots.txt show no collection: rendered on a full publish only.
    const fixed = [notFoundKey, serviceNotFoundKey, '/robots.txt'];
    if (all || fixed.some((key) => !this.files.has(key))) {
      rendered += 2;
      await keep(notFoundKey, async () => (await renderer.renderPage('/404', content)).html, html, 404);
      await keep(serviceNotFoundKey, async () => (await renderer.renderPage(missingServicePath, content)).html, html, 404);
      await keep('/robots.txt', () => renderer.robotsTxt(), 'text/plain; charset=utf-8');
    } else {
      for (const key of fixed) next.set(key, this.files.get(key)!);
    }
    // With a thousand articles the sitemap takes a while to write: written again only when the pages change.
    const sitemapKey = paths.join('\n');
    if (sitemapKey !== this.sitemapKey || !this.files.has('/sitemap.xml')) {
      await keep('/sitemap.xml', () => renderer.sitemapXml(paths), 'application/xml');
    } else next.set('/sitemap.xml', this.files.get('/sitemap.xml')!);
    if (touches(articleFeedPath) || !this.files.has(articleFeedPath)) {
      await keep(articleFeedPath, () => renderer.feedXml(content), 'application/rss+xml; charset=utf-8');
    } else next.set(articleFeedPath, this.files.get(articleFeedPath)!);
    // One assignment each: every request from now on sees the new set, none a mix.
    this.files = next;
    this.content = content;
    this.sitemapKey = sitemapKey;
    this.knownOnRequest = new Set(onRequest);
    if (onRequest.some(touches)) this.pagesOnRequest = new Map();
    this.selectionPages = new Map();
    this.dataSavingPages = new Map();
    this.gonePages = new Map();
    return rendered;
  }

  /**
   * The contact page for a query carrying a selection (`plan=Business&addon=...`), with what the
   * server resolved of it against the published catalogue; undefined for a query without one
   * (then the plain contact page answers). Items unknown to the catalogue are left out with a
   * note on the page, never an error.
   */
  contactPage(search: string): Promise<MemoryFile> | undefined {
    const query = selectionQuery(parseSelection(search));
    const { renderer, content } = this;
    if (!query || !renderer || !content) return undefined;
    const cached = this.selectionPages.get(query);
    if (cached) return cached;
    const pages = this.selectionPages;
    if (pages.size >= maxSelectionPages) pages.delete(pages.keys().next().value!);
    const page = this.renderContactPage(renderer, content, query);
    pages.set(query, page);
    // A failed render is not kept: the next request tries again.
    page.catch(() => pages.delete(query));
    return page;
  }

  /**
   * The page at `path` for a browser that asks to save data (`Save-Data: on`, which only the
   * server sees): the same page, its root marked `data-save-data` so that its scripts fetch no
   * video. Undefined for a path that is not a page.
   */
  dataSavingPage(path: string): Promise<MemoryFile> | undefined {
    const page = this.files.get(path);
    if (!page?.type.startsWith('text/html')) return undefined;
    const pages = this.dataSavingPages;
    let marked = pages.get(path);
    if (!marked) {
      marked = memoryFile(page.raw.toString().replace('<html ', `<html ${saveDataMarker}="" `), page.type, page.status, page.data);
      pages.set(path, marked);
    }
    return marked;
  }

  /**
   * What a deleted service's address answers: 410 Gone, the service page's not-found text and a
   * link to the category it was in (its path names it); the site's 404 page for any other path.
   */
  gonePage(path: string): Promise<MemoryFile> | undefined {
    const { renderer, content } = this;
    const category = matchPage(path).params.category;
    if (!renderer || !content || !category || !isCategoryKey(category)) return undefined;
    const pages = this.gonePages;
    let page = pages.get(category);
    if (!page) {
      const data = { ...renderer.pageData(missingServicePath, content), goneFrom: category };
      page = renderer.renderPage(missingServicePath, content, data).then(({ html }) => memoryFile(html, 'text/html; charset=utf-8', 410));
      pages.set(category, page);
      page.catch(() => pages.delete(category));
    }
    return page;
  }

  /** The contact page with a selection: the published content around what the server resolved of it. */
  private async renderContactPage(renderer: Renderer, content: SiteSource, query: string): Promise<MemoryFile> {
    const request = await resolveSelection(this.options.db, parseSelection(query));
    const data = { ...renderer.pageData(contactFormPath, content), request };
    const { html } = await renderer.renderPage(`${contactFormPath}?${query}`, content, data);
    return memoryFile(html, 'text/html; charset=utf-8');
  }

  /**
   * An article's page or a later list page (renderedOnRequest), rendered from the published content
   * on its first request and kept until articles change; undefined for a path no such page has.
   */
  pageOnRequest(path: string): Promise<MemoryFile> | undefined {
    const renderer = this.renderer;
    const content = this.content;
    if (!renderer || !content || !this.knownOnRequest.has(path)) return undefined;
    const pages = this.pagesOnRequest;
    const cached = pages.get(path);
    if (cached) return cached;
    if (pages.size >= maxPagesOnRequest) pages.delete(pages.keys().next().value!);
    const page = renderer.renderPage(path, content).then(({ html }) => memoryFile(html, 'text/html; charset=utf-8'));
    pages.set(path, page);
    // A failed render is not kept: the next request tries again.
    page.catch(() => pages.delete(path));
    return page;
  }

  /**
   * The search page for a query (`q=...`), rendered on each request: its results come from the
   * search index as it is now. Without a query, the page with its search box alone.
   */
  async searchPage(search: string): Promise<MemoryFile | undefined> {
    const renderer = this.renderer;
    // The published content: the company's contact points around the results are the other pages'.
    const content = this.content;
    if (!renderer || !content) return undefined;
    const answer = await searchSite(this.options.db, new URLSearchParams(search).get('q') ?? '');
    const data = { ...renderer.pageData(searchPath, content), search: answer };
    const { html } = await renderer.renderPage(searchPath, content, data);
    return memoryFile(html, 'text/html; charset=utf-8', 200, undefined, 'once');
  }

  /** The public page `path` rendered with this content (the preview of a draft). */
  async renderWith(path: string, content: SiteSource): Promise<string> {
    if (!this.renderer) throw new HttpError(503, 'The site has not been built (site/dist-ssr is missing): run "npm run build -w site".');
    return (await this.renderer.renderPage(path, content)).html;
  }

  /** The renderer of the site's SSR build, for other modules that render a page (undefined before the site is built). */
  get pages(): Renderer | undefined {
    return this.renderer;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queued = undefined;
    await this.listener.close();
    await this.settled().catch(() => undefined);
    await this.redirects.close();
    await this.misses.close();
  }
}
