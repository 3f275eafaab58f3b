/**
 * The hottest path of the server: a public page from memory, answered on Node's own request
 * before Koa and its middleware run (their context, promises and the dozen steps each request
 * takes cost more than the page). Only the plain case is taken here: a GET or HEAD of a page's
 * exact path, no query, maintenance known to be off, an Accept-Encoding without weights or
 * wildcards, no conditional or Save-Data header. Everything else goes through Koa, whose answer
 * this one repeats header for header (web/static.ts's sendMemoryFile; server/test/site.test.ts
 * compares the two).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Maintenance } from '../maintenance/maintenance.js';
import type { MemoryFile, SitePublisher } from '../site/publisher.js';

/** Writes the request's log line and metric: the same function as Koa's outermost middleware. */
export type RequestRecord = (request: { method: string; path: string; status: number }, started: bigint) => void;

type Encoding = 'br' | 'gzip' | undefined;

export function knownPages(
  site: SitePublisher,
  maintenance: Maintenance,
  securityHeaders: readonly [string, string][],
  record: RequestRecord,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // A page's headers, per encoding, made once: one flat list for writeHead, not a dozen setHeader calls.
  const heads = new WeakMap<MemoryFile, Map<Encoding, string[]>>();
  const answerOf = (page: MemoryFile, encoding: Encoding): [Buffer, string[]] => {
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.raw;
    let byEncoding = heads.get(page);
    if (!byEncoding) heads.set(page, (byEncoding = new Map<Encoding, string[]>()));
    let head = byEncoding.get(encoding);
    if (!head) {
      const suffix = encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : '';
      head = [
        ...securityHeaders.flat(),
        ...[
          'Vary',
          'Save-Data, Accept-Encoding',
          'Content-Type',
          page.type,
          'Cache-Control',
          'no-cache',
          'ETag',
          `"${page.etag}${suffix}"`,
        ],
        ...(encoding ? ['Content-Encoding', encoding] : []),
        ...['Content-Length', String(body.length)],
      ];
      byEncoding.set(encoding, head);
    }
    return [body, head];
  };
  return (req, res) => {
    const started = process.hrtime.bigint();
    const { method, url, headers } = req;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined || url.includes('?')) return false;
    if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined || headers['save-data'] !== undefined)
      return false;
    const page = site.active ? site.file(url) : undefined;
    if (!page || page.status !== 200 || !page.type.startsWith('text/html') || !maintenance.knownOff()) return false;
    const accepted = (headers['accept-encoding'] ?? '').toLowerCase().split(',');
    if (accepted.some((e) => e.includes(';') || e.includes('*'))) return false;
    const encoding = (['br', 'gzip'] as const).find((e) => accepted.some((a) => a.trim() === e));
    const [body, head] = answerOf(page, encoding);
    res.writeHead(200, head);
    res.end(method === 'HEAD' ? undefined : body);
    record({ method, path: url, status: 200 }, started);
    return true;
  };
}
