/** The lead report as a table of plain words and numbers: the screen's table and its CSV export read it. */
import { enquiryKindLabels, enquiryKinds } from '@kafue/common/requests';
import { csvCell } from '@kafue/common/csv';
import type { LeadReport, WonValue } from '@kafue/common/schemas';

const percent = (share: number | null) => (share === null ? '' : `${Math.round(share * 100)}%`);
const amount = (v: number) => v.toLocaleString('en', { maximumFractionDigits: 2, useGrouping: false });
const valueText = (values: WonValue[]) =>
  values
    .map((v) =>
      [v.once ? `${v.currency} ${amount(v.once)}` : '', v.monthly ? `${v.currency} ${amount(v.monthly)}/month` : '']
        .filter(Boolean)
        .join(' + '),
    )
    .join('; ');

export const reportColumns = [
  'Period',
  'Enquiries',
  ...enquiryKinds.map((k) => enquiryKindLabels[k]),
  'By service or plan',
  'Answered in time',
  'Median minutes to first response',
  'Quotes sent',
  'Quotes accepted',
  'Value accepted',
  'Win rate',
  'Cash collected',
] as const;

export function reportRows(report: LeadReport): string[][] {
  return report.periods.map((p) => [
    p.start,
    String(p.enquiries),
    ...enquiryKinds.map((k) => String(p.byKind[k] ?? 0)),
    p.byService.map((s) => `${s.label}: ${s.count}`).join('; '),
    percent(p.answeredInTime),
    p.medianMinutesToResponse === null ? '' : String(p.medianMinutesToResponse),
    String(p.quotesSent),
    String(p.quotesAccepted),
    valueText(p.valueAccepted),
    percent(p.winRate),
    p.cashCollected.map((c) => `${c.currency} ${amount(c.amount)}`).join('; '),
  ]);
}

/** The report as CSV, by the rule every export of the product follows (formulas neutralised). */
export const reportCsv = (report: LeadReport): string =>
  [reportColumns, ...reportRows(report)].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
