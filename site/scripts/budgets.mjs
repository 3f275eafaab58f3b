// Page-weight budgets: measures every public page of the built site (site/dist) as a phone visitor
// receives it, and fails (exit code 1) when a page weighs more than the issue allows. Visitors pay
// for their data, on slow mobile networks; a budget no build checks is soon a budget no page keeps.
// It serves dist itself, precompressed as the real server sends it, loads each page in Chromium
// emulating a phone, and counts every byte received for the requests it makes from navigation
// until 5 s after `load` (some scripts come late: the analytics beacon's once the page is idle, 5 s
// at the latest; a second more is allowed for a busy machine). Third-party requests (the hero
// video, the map) are blocked: they are not ours to weigh. The figures are also written to
// site/dist-budgets.json (beside dist, which is deployed). BUDGETS=report: report only, exit 0.
import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices } from '@playwright/test';
import { launchOptions } from '../../scripts/browser.mjs';

const KB = 1000;
const home = (route) => route === '/';
/** Pages whose own content has nothing to operate: the about page, every article, the legal pages. */
const nothingToOperate = (route) => ['/about', '/privacy', '/terms', '/cookies'].includes(route) || /^\/insights\/[^/]+$/.test(route);

/** The budgets (the issue's), each held by the routes it `applies` to; `figure` names what it limits. */
const BUDGETS = [
  // The home page, everything a phone downloads (the hero poster included).
  { label: 'total', figure: 'total', limit: 60 * KB, applies: home },
  // The home page's JavaScript: the page works without it, so it must stay small.
  { label: 'JS', figure: 'script', limit: 25 * KB, applies: home },
  // Every other route (the 404 page included), photographs the owner added aside.
  { label: 'total', figure: 'total', limit: 50 * KB, applies: (route) => !home(route) },
  // Pages with nothing to operate need next to no JavaScript.
  { label: 'JS', figure: 'script', limit: 5 * KB, applies: nothingToOperate },
  // Every page: each script request is a round trip on a phone's latency.
  { label: 'scripts', figure: 'scriptRequests', limit: 6, applies: () => true },
];

/** How long after `load` requests still count: the beacon waits for an idle moment (at most 5 s). */
const settleMs = 5000;
/** And a second more: on a busy machine a page's timers fire late, the beacon's 5 s one included. */
const lateMs = 1000;
/** How long what began in that time may take to finish: it counts once finished. */
const drainMs = 5000;
/** Pages loading at once: the machine has two cores, and a page's load is what keeps one busy. */
const loadingAtOnce = 2;
/** Pages open at once: after `load` a page mostly waits, so the next ones load meanwhile. */
const openAtOnce = 12;
/** A path no page has, for the 404 page. */
const notFoundRoute = '/404-check-page';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const reportOnly = process.env.BUDGETS === 'report';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Every page of the built site, as paths: dist/about/index.html is /about. Assets and media have none. */
function routesOf(dir, prefix = '') {
  const routes = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !(prefix === '' && ['assets', 'media'].includes(entry.name)) && !entry.name.startsWith('.')) {
      routes.push(...routesOf(join(dir, entry.name), `${prefix}/${entry.name}`));
    } else if (entry.isFile() && entry.name === 'index.html') routes.push(prefix || '/');
  }
  return routes;
}

const isFile = (path) => existsSync(path) && statSync(path).isFile();

/** The file dist holds for a URL path, if any: /x/y is dist/x/y or dist/x/y/index.html. */
function fileFor(pathname) {
  const path = resolve(dist, `.${decodeURIComponent(pathname)}`);
  if (path !== dist && !path.startsWith(dist + sep)) return undefined;
  if (isFile(path)) return path;
  const index = join(path, 'index.html');
  return isFile(index) ? index : undefined;
}

/** Files as read once: the real server too answers from memory. */
const files = new Map();
const read = (path) => (files.has(path) ? files.get(path) : files.set(path, readFileSync(path)).get(path));

/** A static server of dist on a free port of 127.0.0.1. */
function serve() {
  const server = createServer((request, response) => {
    try {
      answer(request, response);
    } catch (error) {
      // A file gone (dist rebuilt meanwhile): an error answered, which the notes below count.
      response.writeHead(500).end(String(error));
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** A request answered as the real server does: precompressed (br, else gzip), 404.html for an unknown path. */
function answer(request, response) {
  const { pathname } = new URL(request.url, 'http://localhost');
  // The beacon posts to the API, which answers with nothing; dist has no API.
  if (pathname.startsWith('/api/')) return void response.writeHead(204).end();
  let file;
  try {
    file = fileFor(pathname);
  } catch {
    // A malformed escape: a path no page has.
  }
  const status = file ? 200 : 404;
  file ??= join(dist, '404.html');
  const accepts = request.headers['accept-encoding'] ?? '';
  const encoding = [
    ['br', '.br'],
    ['gzip', '.gz'],
  ].find(([name, suffix]) => new RegExp(`\\b${name}\\b`).test(accepts) && isFile(file + suffix));
  const body = read(encoding ? file + encoding[1] : file);
  response.writeHead(status, {
    'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'Content-Length': body.length,
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding[0] } : {}),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** `run` with at most `n` such calls under way at once; the others wait their turn. */
function limiter(n) {
  let active = 0;
  const waiting = [];
  return async (run) => {
    if (active >= n) await new Promise((turn) => waiting.push(turn));
    else active++;
    try {
      return await run();
    } finally {
      // The slot passes straight to the next in line, if any.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** A phone as the issue has it: a Pixel 7's mobile Chrome, at 390x844 and three device pixels a pixel. */
const phone = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};
const ours = (url) => ['127.0.0.1', 'localhost'].includes(url.hostname);
/** Owner-added photographs: images in /media/ but not the hero poster's (which counts). */
const ownerPhoto = (url) => url.pathname.startsWith('/media/') && !url.pathname.startsWith('/media/hero/');

/** What a response is for the budgets, by its CDP resource type (and MIME type, for an image fetched otherwise). */
function kindOf(type, mimeType) {
  if (type === 'Script') return 'script';
  if (type === 'Image' || mimeType.startsWith('image/')) return 'image';
  return type === 'Document' ? 'document' : 'other';
}

/** What a phone receives loading `route`, in bytes (body as sent and headers) by kind of response. */
async function measure(browser, origin, route, loading) {
  const context = await browser.newContext(phone);
  try {
    const blocked = [];
    await context.route(
      (url) => !ours(url),
      (request) => {
        blocked.push(request.request().url());
        return request.abort('blockedbyclient');
      },
    );
    const page = await context.newPage();
    // A crashed page's figures are short of what a phone receives: the notes say so.
    let crashed = false;
    page.on('crash', () => (crashed = true));
    const cdp = await context.newCDPSession(page);
    const begun = new Map();
    const responses = new Map();
    const finished = [];
    const failed = [];
    const startedAt = new Map();
    let loadedAt;
    cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
      begun.set(requestId, request.url);
      startedAt.set(requestId, timestamp);
    });
    cdp.on('Page.loadEventFired', ({ timestamp }) => (loadedAt ??= timestamp));
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => responses.set(requestId, { type, response }));
    // Ours only: a third-party request blocked fails too, and is listed as blocked.
    cdp.on('Network.loadingFailed', ({ requestId, errorText }) => {
      if (ours(new URL(begun.get(requestId) ?? 'about:blank'))) failed.push({ requestId, url: begun.get(requestId), errorText });
    });
    // encodedDataLength: every byte received for the request, its headers included.
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => finished.push({ requestId, bytes: encodedDataLength }));
    await Promise.all([cdp.send('Network.enable'), cdp.send('Page.enable')]);
    const status = await loading(async () => (await page.goto(origin + route, { waitUntil: 'load' }))?.status());
    await page.waitForTimeout(settleMs + lateMs);
    // What began by now counts, once finished; what begins later is listed only.
    const inWindow = new Set(begun.keys());
    const inFlight = () => {
      const ended = new Set([...finished, ...failed].map((f) => f.requestId));
      return [...inWindow].filter((id) => !ended.has(id) && ours(new URL(begun.get(id))));
    };
    for (const until = Date.now() + drainMs; inFlight().length && Date.now() < until;) await page.waitForTimeout(100);
    const unfinished = inFlight().map((id) => begun.get(id));
    const late = [...begun].filter(([id, url]) => !inWindow.has(id) && ours(new URL(url))).map(([, url]) => url);

    const bytes = { total: 0, script: 0, image: 0, document: 0, other: 0, ownerPhotos: 0 };
    const requests = [];
    let scriptRequests = 0;
    for (const { requestId, bytes: size } of finished.filter((f) => inWindow.has(f.requestId))) {
      const received = responses.get(requestId);
      // Finished without a response seen (none expected): counted as other, and noted below.
      const type = received?.type ?? 'Unknown';
      const url = new URL(received?.response.url ?? 'about:blank');
      const mimeType = received?.response.mimeType ?? '';
      const kind = kindOf(type, mimeType);
      // When it began, in ms after `load` (negative: before it).
      const afterLoad = loadedAt === undefined ? undefined : Math.round((startedAt.get(requestId) - loadedAt) * 1000);
      requests.push({ url: url.href, type, mimeType, status: received?.response.status, bytes: size, kind, afterLoad });
      if (type === 'Script') scriptRequests++;
      if (kind === 'image' && ownerPhoto(url)) {
        bytes.ownerPhotos += size;
        continue;
      }
      // JavaScript weighs what its scripts weigh, compressed (their headers count in the total):
      // at responseReceived, encodedDataLength holds the bytes received so far, the headers.
      bytes[kind] += kind === 'script' ? size - (received?.response.encodedDataLength ?? 0) : size;
      bytes.total += size;
    }
    await cdp.detach();
    const figures = { ...bytes, scriptRequests };
    const over = BUDGETS.filter((b) => b.applies(route) && figures[b.figure] > b.limit).map((b) => ({
      label: b.label,
      figure: b.figure,
      value: figures[b.figure],
      limit: b.limit,
    }));
    return {
      route,
      status,
      crashed,
      bytes,
      scriptRequests,
      over,
      requests,
      unfinished,
      late,
      failed: failed.map((f) => `${f.url} (${f.errorText})`),
      blocked,
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes, digits = 1) => (bytes / KB).toFixed(digits);
// Two decimals where one would show an excess as no excess (5.04 > 5 KB).
const describe = ({ label, figure, value, limit }) =>
  figure === 'scriptRequests' ? `${label} ${value} > ${limit}` : `${label} ${kb(value, value < limit + 50 ? 2 : 1)} > ${limit / KB} KB`;

if (!existsSync(join(dist, 'index.html')) || !existsSync(join(dist, '404.html'))) {
  console.error(`budgets: ${dist} has no built site (index.html and 404.html); build the site first.`);
  process.exit(1);
}

// The build runs where the tests do (CI installs Chromium); a machine without it (a fresh clone's
// `npm start`) builds the site unmeasured, and says so.
if (!existsSync(launchOptions.executablePath)) {
  console.warn(`budgets: NOT MEASURED: no Chromium at ${launchOptions.executablePath} (CHROMIUM_PATH names another).`);
  process.exit(0);
}

const started = performance.now();
const routes = [...routesOf(dist).sort((a, b) => (home(a) ? -1 : home(b) ? 1 : a.localeCompare(b))), notFoundRoute];
const server = await serve();
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch(launchOptions);
let results;
try {
  const loading = limiter(loadingAtOnce);
  const open = limiter(openAtOnce);
  results = await Promise.all(routes.map((route) => open(() => measure(browser, origin, route, loading))));
} finally {
  await browser.close();
  server.closeAllConnections();
  server.close();
}
const seconds = (performance.now() - started) / 1000;

const width = Math.max(...routes.map((r) => r.length), 'route'.length);
console.log(`${'route'.padEnd(width)}  total KB    JS KB  scripts`);
for (const { route, bytes, scriptRequests, over, status } of results) {
  const notes = [
    over.length ? `over: ${over.map(describe).join(', ')}` : '',
    status === 200 || route === notFoundRoute ? '' : `(status ${status})`,
  ];
  const line = `${route.padEnd(width)}  ${kb(bytes.total).padStart(8)}  ${kb(bytes.script).padStart(7)}  ${String(scriptRequests).padStart(7)}  `;
  console.log((line + notes.filter(Boolean).join(' ')).trimEnd());
}
const overRoutes = results.filter((r) => r.over.length);
// What the figures may have missed or mislabelled (dist rebuilt mid-run, say): the JSON lists them.
for (const { route, crashed, unfinished, late, failed, requests } of results) {
  if (crashed) console.log(`note: ${route}: the page crashed`);
  const unknown = requests.filter((q) => q.type === 'Unknown').length;
  const errors = requests.filter((q) => q.status >= 400 && !(route === notFoundRoute && q.type === 'Document')).length;
  if (unfinished.length + late.length + failed.length + unknown + errors === 0) continue;
  const span = `${(settleMs + lateMs) / 1000} s`;
  const counts = [
    `${late.length} begun later than ${span} after load`,
    `${unfinished.length} unfinished ${drainMs / 1000} s after that`,
    `${failed.length} failed`,
    `${errors} answered with an error`,
    `${unknown} without a response seen`,
  ];
  console.log(`note: ${route}: requests: ${counts.join(', ')}`);
}
console.log(
  `${results.length} routes in ${seconds.toFixed(1)} s: ` +
    (overRoutes.length ? `${overRoutes.length} over budget${reportOnly ? ' (BUDGETS=report: reported only)' : ''}` : 'all within budget'),
);

writeFileSync(
  join(root, 'dist-budgets.json'),
  JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      budgets: BUDGETS.map(({ label, figure, limit, applies }) => ({ label, figure, limit, routes: routes.filter(applies) })),
      routes: results,
    },
    null,
    2,
  ) + '\n',
);
if (overRoutes.length && !reportOnly) process.exitCode = 1;
