import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '@kafue/common/schemas';
import { analyticsCsv, changeText, duration, headlinesOf, sortRows, tablesOf } from './analyticsView';

const totals = { visitors: 120, pageViews: 300, visits: 150, viewsPerVisit: 2, medianVisitSeconds: 185, bounceRate: 0.4, conversions: 6 };
const vital = (p75: number | null, good: number | null) => ({ p75, good });
const report: AnalyticsReport = {
  from: '2026-11-01',
  to: '2026-11-02',
  by: 'day',
  totals,
  previous: { ...totals, from: '2026-10-30', to: '2026-10-31', visitors: 100, bounceRate: 0.5, conversions: 0, medianVisitSeconds: null },
  series: [
    { start: '2026-11-01', visitors: 70, pageViews: 180, conversions: 4 },
    { start: '2026-11-02', visitors: 50, pageViews: 120, conversions: 2 },
  ],
  topPages: [
    { path: '/services', pageViews: 100, visitors: 80 },
    { path: '/', pageViews: 200, visitors: 90 },
  ],
  entryPages: [{ path: '/', visits: 90, bounceRate: null }],
  sources: [{ source: '=facebook', visits: 40, visitors: 30 }],
  campaigns: [],
  devices: [{ device: 'phone', visits: 100, visitors: 80 }],
  conversionsByPage: [{ landingPage: '/services', visitors: 80, enquiries: 3, quoteRequests: 1, signups: 1, rate: 0.05 }],
  conversionsBySource: [{ source: 'facebook', visitors: 30, enquiries: 2, quoteRequests: 0, signups: 0, rate: 2 / 30 }],
  vitals: [{ path: '/', samples: 40, LCP: vital(2100, 0.8), INP: vital(180.4, 0.9), CLS: vital(0.051, 1), TTFB: vital(null, null) }],
};

describe('the analytics as the screen shows them', () => {
  it('compares each headline figure with the previous period, a rise of the bounce rate being bad news', () => {
    const byLabel = Object.fromEntries(headlinesOf(report).map((h) => [h.label, h]));
    expect(byLabel['Visitors']).toMatchObject({ value: '120', previous: '100', change: 20, riseIsGood: true });
    expect(byLabel['Left after one page']).toMatchObject({ value: '40%', previous: '50%', riseIsGood: false });
    expect(byLabel['Left after one page'].change).toBeCloseTo(-20);
    expect(byLabel['Typical visit length']).toMatchObject({ value: '3 min 5 s', previous: '–', change: null });
    expect(byLabel['Enquiries and sign-ups']).toMatchObject({ value: '6', previous: '0', change: null });
    expect([changeText(20), changeText(-12.345), changeText(0.01), changeText(null)]).toEqual([
      '+20% on the previous period',
      '−12.3% on the previous period',
      'No change on the previous period',
      'Nothing to compare with in the previous period',
    ]);
    expect([duration(45), duration(60), duration(null)]).toEqual(['45 s', '1 min 0 s', '–']);
  });

  it('sorts a table by any column either way, blanks last', () => {
    const [top] = tablesOf(report);
    const paths = (rows: ReturnType<typeof sortRows>) => rows.map((r) => r[0].text);
    expect(paths(sortRows(top.rows, { column: 1, descending: true }))).toEqual(['/', '/services']);
    expect(paths(sortRows(top.rows, { column: 0, descending: true }))).toEqual(['/services', '/']);
    const rows = [[{ text: 'a', sort: null }], [{ text: 'b', sort: 2 }], [{ text: 'c', sort: 1 }]];
    expect(paths(sortRows(rows, { column: 0, descending: false }))).toEqual(['c', 'b', 'a']);
    expect(paths(sortRows(rows, { column: 0, descending: true }))).toEqual(['b', 'c', 'a']);
  });

  it('reads the Web Vitals as people read them: seconds, milliseconds, a score, and the share good', () => {
    const speed = tablesOf(report).find((t) => t.id === 'page-speed')!;
    expect(speed.rows[0].map((c) => c.text)).toEqual(['/', '40', '2.1 s', '80%', '180 ms', '90%', '0.05', '100%', '–', '–']);
    expect(tablesOf(report).find((t) => t.id === 'devices')!.rows[0][0].text).toBe('Phone');
  });

  it('exports every section as CSV, formulas neutralised', () => {
    const csv = analyticsCsv(report);
    const sections = csv.trimEnd().split('\r\n\r\n');
    expect(sections).toHaveLength(2 + tablesOf(report).length);
    expect(sections[0].split('\r\n').slice(0, 3)).toEqual([
      '"Analytics 2026-11-01 to 2026-11-02"',
      '"Figure","This period","Previous period (2026-10-30 to 2026-10-31)"',
      '"Visitors","120","100"',
    ]);
    expect(sections[1].split('\r\n')).toEqual([
      '"Day","Visitors","Page views","Enquiries and sign-ups"',
      '"2026-11-01","70","180","4"',
      '"2026-11-02","50","120","2"',
    ]);
    expect(csv).toContain('"Sources"\r\n"Source","Visits","Visitors"\r\n"\'=facebook","40","30"');
    expect(csv).toContain('"Campaigns"\r\n"Campaign","Visits","Visitors"\r\n\r\n');
    expect(csv).toContain('"/services","80","3","1","1","5%"');
    expect(csv).toContain('"facebook","30","2","0","0","6.7%"');
  });
});
