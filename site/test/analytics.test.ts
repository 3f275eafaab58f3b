/**
 * The analytics beacon and the visit's attribution (issue 24), in a stand-in browser: what each
 * page view sends, what the hidden page sends, and what sessionStorage keeps for the forms.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import { attributionKey, collectPath, type Beacon } from '@kafue/common/analytics';

const vitals = new Map<string, (metric: Metric) => void>();
vi.mock('web-vitals', () => {
  const on = (name: string) => (callback: (metric: Metric) => void) => void vitals.set(name, callback);
  return { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS'), onTTFB: on('TTFB') };
});

const origin = 'https://www.kafue.example';
let href = '';
let sent: { url: string; beacon: Beacon }[] = [];
let listeners: { type: string; listener: () => void }[] = [];
let stored: Map<string, string>;
const doc = { referrer: '', visibilityState: 'visible' };

/** A page load of `landing` in the tab, come from `referrer`. */
function openTab(landing: string, referrer = '') {
  href = origin + landing;
  doc.referrer = referrer;
  doc.visibilityState = 'visible';
}
function hide() {
  doc.visibilityState = 'hidden';
  for (const { type, listener } of listeners) if (type === 'visibilitychange') listener();
}
const report = (name: string, value: number) => vitals.get(name)!({ name, value } as Metric);

beforeEach(() => {
  sent = [];
  listeners = [];
  stored = new Map();
  vitals.clear();
  vi.resetModules();
  vi.stubGlobal('location', {
    get href() {
      return href;
    },
    get pathname() {
      return new URL(href).pathname;
    },
    get search() {
      return new URL(href).search;
    },
    get hostname() {
      return new URL(href).hostname;
    },
  });
  vi.stubGlobal('document', doc);
  vi.stubGlobal('screen', { width: 390 });
  vi.stubGlobal('navigator', {
    sendBeacon: (url: string, body: string) => sent.push({ url, beacon: JSON.parse(body) as Beacon }) > 0,
  });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => listeners.push({ type, listener }));
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the beacon (issue 24)', () => {
  it('sends one page view per page load, with the referrer, utm fields and screen width', async () => {
    const load = async (landing: string, referrer: string) => {
      openTab(landing, referrer);
      vi.resetModules();
      (await import('../src/analytics/beacon')).pageView();
    };
    await load('/services?utm_source=facebook&utm_medium=social&utm_campaign=launch#plans', 'https://m.facebook.com/');
    // The site sends no referrer to its own pages (Referrer-Policy: no-referrer).
    await load('/about', '');
    expect(sent.map((s) => s.url)).toEqual([collectPath, collectPath]);
    expect(sent.map((s) => s.beacon)).toEqual([
      {
        type: 'pageview',
        path: '/services?utm_source=facebook&utm_medium=social&utm_campaign=launch',
        referrer: 'https://m.facebook.com/',
        utm_source: 'facebook',
        utm_medium: 'social',
        utm_campaign: 'launch',
        width: 390,
      },
      { type: 'pageview', path: '/about', referrer: '', width: 390 },
    ]);
  });

  it('sends to the API_ORIGIN the site was built with, for pages on a static host of their own', async () => {
    vi.stubEnv('API_ORIGIN', 'https://app.kafue.example/');
    try {
      openTab('/about');
      const { pageView } = await import('../src/analytics/beacon');
      pageView();
      expect(sent.map((s) => s.url)).toEqual([`https://app.kafue.example${collectPath}`]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('sends the Web Vitals of the page when it is hidden, and only new ones', async () => {
    openTab('/services?utm_source=facebook');
    const { pageView } = await import('../src/analytics/beacon');
    pageView();
    hide(); // nothing reported yet: nothing sent
    expect(sent.filter((s) => s.beacon.type === 'vitals')).toEqual([]);
    report('TTFB', 120);
    report('LCP', 1800);
    report('CLS', 0.02);
    hide();
    report('INP', 90);
    hide();
    expect(sent.filter((s) => s.beacon.type === 'vitals').map((s) => s.beacon)).toEqual([
      { type: 'vitals', path: '/services?utm_source=facebook', vitals: { TTFB: 120, LCP: 1800, CLS: 0.02 } },
      { type: 'vitals', path: '/services?utm_source=facebook', vitals: { INP: 90 } },
    ]);
    // Every beacon fits the server's limit.
    expect(Math.max(...sent.map((s) => JSON.stringify(s.beacon).length))).toBeLessThan(2048);
  });

  it('keeps a long address within the fields the server reads', async () => {
    openTab(`/search?q=${'a'.repeat(900)}&utm_source=${'b'.repeat(300)}`, `https://example.com/${'c'.repeat(900)}`);
    const { pageView } = await import('../src/analytics/beacon');
    pageView();
    const [{ beacon }] = sent;
    expect([beacon.path.length, beacon.referrer?.length, beacon.utm_source?.length]).toEqual([500, 500, 100]);
  });

  it("stores nothing but the visit's attribution, in the tab's sessionStorage", async () => {
    openTab('/?utm_source=facebook');
    const { pageView } = await import('../src/analytics/beacon');
    const { keepAttribution } = await import('../src/analytics/visit');
    keepAttribution();
    pageView();
    expect(sent).toHaveLength(1);
    expect([...stored.keys()]).toEqual([attributionKey]);
  });
});

describe("the visit's attribution (issue 24)", () => {
  const keep = async (landing: string, referrer = '') => {
    openTab(landing, referrer);
    const { keepAttribution, readAttribution } = await import('../src/analytics/visit');
    keepAttribution();
    return readAttribution();
  };

  it('is the landing page without its query, the utm source (lower case) and campaign', async () => {
    expect(await keep('/services?utm_source=Facebook&utm_campaign=launch#x', 'https://www.google.com/')).toEqual({
      landingPage: '/services',
      source: 'facebook',
      campaign: 'launch',
    });
  });

  it("is the referrer's domain without utm, and direct without a referrer or from the site itself", async () => {
    expect(await keep('/about', 'https://www.google.com/search?q=kafue')).toEqual({ landingPage: '/about', source: 'google.com' });
    stored.clear();
    expect(await keep('/about', `${origin}/services`)).toEqual({ landingPage: '/about', source: 'direct' });
    stored.clear();
    expect(await keep('/')).toEqual({ landingPage: '/', source: 'direct' });
  });

  it('is kept from the first page of the visit: a later page load does not replace it', async () => {
    await keep('/services?utm_source=facebook');
    expect(await keep('/contact', `${origin}/services`)).toEqual({ landingPage: '/services', source: 'facebook' });
  });

  it('reads nothing from storage that holds something else, or refuses', async () => {
    openTab('/');
    const { readAttribution } = await import('../src/analytics/visit');
    stored.set(attributionKey, '{"landingPage":3}');
    expect(readAttribution()).toBeUndefined();
    stored.set(attributionKey, 'not json');
    expect(readAttribution()).toBeUndefined();
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('refused');
      },
    });
    expect(readAttribution()).toBeUndefined();
  });
});
