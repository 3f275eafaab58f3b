/**
 * The analytics report (GET /api/analytics) as the Analytics screen and its CSV show it: the
 * headline figures against the previous period, and every table as plain words and numbers, each
 * cell with the value it sorts by.
 */
import { vitalGood, vitalNames, type DeviceClass, type VitalName } from '@kafue/common/analytics';
import { csvCell } from '@kafue/common/csv';
import type { AnalyticsReport, AnalyticsTotals } from '@kafue/common/schemas';

const none = '–';
/** A share in percent: whole above 10%, else to one decimal (a conversion rate of 1.2% is not 1%). */
export function percent(share: number | null): string {
  if (share === null) return none;
  const p = share * 100;
  return `${Math.abs(p) < 10 ? Math.round(p * 10) / 10 : Math.round(p)}%`;
}
const whole = (n: number) => n.toLocaleString('en');
const oneDecimal = (n: number | null) => (n === null ? none : (Math.round(n * 10) / 10).toLocaleString('en'));

/** A visit's length as people say it: "45 s", "3 min 5 s". */
export function duration(seconds: number | null): string {
  if (seconds === null) return none;
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

export interface Headline {
  label: string;
  /** What the figure means, in a sentence. */
  help: string;
  value: string;
  previous: string;
  /** Percent change from the previous period; null when the previous period gives no basis. */
  change: number | null;
  /** Whether a rise is good news (a bounce rate that rises is not). */
  riseIsGood: boolean;
}

const changeOf = (now: number | null, before: number | null) =>
  now === null || before === null || before === 0 ? null : ((now - before) / before) * 100;

/** The period's headline figures, each with the previous period's. */
export function headlinesOf({ totals, previous }: AnalyticsReport): Headline[] {
  const figure = (
    label: string,
    help: string,
    value: (t: AnalyticsTotals) => number | null,
    text: (n: number | null) => string,
    riseIsGood = true,
  ): Headline => ({
    label,
    help,
    value: text(value(totals)),
    previous: text(value(previous)),
    change: changeOf(value(totals), value(previous)),
    riseIsGood,
  });
  const count = (n: number | null) => whole(n ?? 0);
  return [
    figure('Visitors', 'Different people who visited, counted each day without cookies.', (t) => t.visitors, count),
    figure('Page views', 'Pages opened on the site.', (t) => t.pageViews, count),
    figure('Visits', 'Times someone came to the site (a pause of over 30 minutes starts a new visit).', (t) => t.visits, count),
    figure('Pages per visit', 'How many pages a visit opens, on average.', (t) => t.viewsPerVisit, oneDecimal),
    figure('Typical visit length', 'Half of the visits are shorter than this.', (t) => t.medianVisitSeconds, duration),
    figure('Left after one page', 'The share of visits that opened one page only (bounce rate).', (t) => t.bounceRate, percent, false),
    figure('Enquiries and sign-ups', 'Enquiries of every kind and newsletter sign-ups sent from the site.', (t) => t.conversions, count),
  ];
}

/** "+12.5% on the previous period", "No change on the previous period", or why there is no comparison. */
export function changeText(change: number | null): string {
  if (change === null) return 'Nothing to compare with in the previous period';
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return 'No change on the previous period';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)}% on the previous period`;
}

/** A table cell: what it shows, and the value it sorts by (null sorts last). */
export interface Cell {
  text: string;
  sort: string | number | null;
}
export interface ReportTable {
  id: string;
  title: string;
  /** What the table tells, in a sentence for the owner. */
  description: string;
  columns: string[];
  rows: Cell[][];
  /** Said when there are no rows. */
  empty: string;
}

const text = (value: string): Cell => ({ text: value, sort: value.toLowerCase() });
const number = (value: number): Cell => ({ text: whole(value), sort: value });
const share = (value: number | null): Cell => ({ text: percent(value), sort: value });

export const deviceLabels: Record<DeviceClass, string> = { phone: 'Phone', tablet: 'Tablet', desktop: 'Computer' };

/** How each Web Vital is named for the owner, and how its value reads. */
export const vitalLabels: Record<VitalName, { label: string; format: (value: number) => string }> = {
  LCP: { label: 'Page shows (LCP)', format: (v) => `${(v / 1000).toFixed(1)} s` },
  INP: { label: 'Answers a tap (INP)', format: (v) => `${Math.round(v)} ms` },
  CLS: { label: 'Layout steadiness (CLS)', format: (v) => v.toFixed(2) },
  TTFB: { label: 'Server answers (TTFB)', format: (v) => `${Math.round(v)} ms` },
};
const vitalCell = (name: VitalName, p75: number | null): Cell => ({
  text: p75 === null ? none : vitalLabels[name].format(p75),
  sort: p75,
});

const conversionColumns = ['Visitors', 'Enquiries', 'Of which quote requests', 'Newsletter sign-ups', 'Conversion rate'];
const conversionCells = (r: Omit<AnalyticsReport['conversionsByPage'][number], 'landingPage'>) => [
  number(r.visitors),
  number(r.enquiries),
  number(r.quoteRequests),
  number(r.signups),
  share(r.rate),
];

/** Every table of the report, in the screen's order. */
export function tablesOf(report: AnalyticsReport): ReportTable[] {
  return [
    {
      id: 'top-pages',
      title: 'Top pages',
      description: 'The pages opened most.',
      columns: ['Page', 'Page views', 'Visitors'],
      rows: report.topPages.map((r) => [text(r.path), number(r.pageViews), number(r.visitors)]),
      empty: 'No page views in this period.',
    },
    {
      id: 'entry-pages',
      title: 'Entry pages',
      description: 'The first page of each visit, and how often the visit ended there.',
      columns: ['Page', 'Visits', 'Left after this page'],
      rows: report.entryPages.map((r) => [text(r.path), number(r.visits), share(r.bounceRate)]),
      empty: 'No visits in this period.',
    },
    {
      id: 'sources',
      title: 'Sources',
      description: 'Where visits came from: a link’s campaign source, else the site that linked here; "direct" when none.',
      columns: ['Source', 'Visits', 'Visitors'],
      rows: report.sources.map((r) => [text(r.source), number(r.visits), number(r.visitors)]),
      empty: 'No visits in this period.',
    },
    {
      id: 'campaigns',
      title: 'Campaigns',
      description: 'Visits from links tagged with a campaign name (utm_campaign).',
      columns: ['Campaign', 'Visits', 'Visitors'],
      rows: report.campaigns.map((r) => [text(r.campaign), number(r.visits), number(r.visitors)]),
      empty: 'No visits from a tagged campaign in this period.',
    },
    {
      id: 'devices',
      title: 'Devices',
      description: 'Phones, tablets and computers, by screen width.',
      columns: ['Device', 'Visits', 'Visitors'],
      rows: report.devices.map((r) => [text(deviceLabels[r.device]), number(r.visits), number(r.visitors)]),
      empty: 'No visits in this period.',
    },
    {
      id: 'conversions-by-page',
      title: 'Enquiries by landing page',
      description: 'The page each visit began on, and the enquiries and sign-ups those visits sent.',
      columns: ['Landing page', ...conversionColumns],
      rows: report.conversionsByPage.map((r) => [text(r.landingPage), ...conversionCells(r)]),
      empty: 'No visits or enquiries in this period.',
    },
    {
      id: 'conversions-by-source',
      title: 'Enquiries by source',
      description: 'Where the visits came from, and the enquiries and sign-ups they sent.',
      columns: ['Source', ...conversionColumns],
      rows: report.conversionsBySource.map((r) => [text(r.source), ...conversionCells(r)]),
      empty: 'No visits or enquiries in this period.',
    },
    {
      id: 'page-speed',
      title: 'Page speed for real visitors',
      description: `Per page, the time or score that 3 visits in 4 did better than (the 75th percentile), and the share of visits within Google's "good" limit (page shows within ${vitalGood.LCP / 1000} s, answers a tap within ${vitalGood.INP} ms, layout moves under ${vitalGood.CLS}, server answers within ${vitalGood.TTFB} ms).`,
      columns: ['Page', 'Measured visits', ...vitalNames.flatMap((n) => [vitalLabels[n].label, `${n} good`])],
      rows: report.vitals.map((r) => [
        text(r.path),
        number(r.samples),
        ...vitalNames.flatMap((n) => [vitalCell(n, r[n].p75), share(r[n].good)]),
      ]),
      empty: 'No speed measurements in this period.',
    },
  ];
}

export type SortOrder = { column: number; descending: boolean };

/** The rows sorted by a column (text A to Z, numbers small to large, or reversed); blanks last either way. */
export function sortRows(rows: Cell[][], { column, descending }: SortOrder): Cell[][] {
  return [...rows].sort((a, b) => {
    const x = a[column].sort;
    const y = b[column].sort;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return descending ? -order : order;
  });
}

const periodNames = { day: 'Day', week: 'Week starting', month: 'Month starting' } as const;

/** The whole report as CSV: the headline figures, the figures per period, then each table under its title. */
export function analyticsCsv(report: AnalyticsReport): string {
  const line = (cells: readonly unknown[]) => cells.map(csvCell).join(',');
  const sections = [
    [
      line([`Analytics ${report.from} to ${report.to}`]),
      line(['Figure', 'This period', `Previous period (${report.previous.from} to ${report.previous.to})`]),
      ...headlinesOf(report).map((h) => line([h.label, h.value, h.previous])),
    ],
    [
      line([periodNames[report.by], 'Visitors', 'Page views', 'Enquiries and sign-ups']),
      ...report.series.map((p) => line([p.start, p.visitors, p.pageViews, p.conversions])),
    ],
    ...tablesOf(report).map((t) => [line([t.title]), line(t.columns), ...t.rows.map((row) => line(row.map((c) => c.text)))]),
  ];
  return sections.map((lines) => lines.join('\r\n')).join('\r\n\r\n') + '\r\n';
}
